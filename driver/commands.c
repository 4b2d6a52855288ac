/* driver/commands.c: the commands of `sluice`, as one table.
 * Stage: driver (rank 13).  Each row names a command, the function that
 * runs it (driver/main.c), the options it honours (OPT_* bits), whether
 * it takes a program, and its usage line, summary and help, which
 * `sluice --help` and `sluice COMMAND --help` print. */
#include <string.h>

#include "driver/driver_private.h"

static const command commands[] = {
	{ "import", cmd_import, OPT_OUT | OPT_CHANNELS_LAST, true,
	  "MODEL.onnx [--channels-first] [-o OUT.sl]",
	  "import an ONNX model as a sluice program with its weights as .npy consts",
	  "Writes OUT.sl (default: the model's path with .sl) and each initializer\n"
	  "as OUT.NAME.npy beside it (docs/onnx.md).  Every other command takes\n"
	  "MODEL.onnx in place of a program and imports it on the fly.  Every graph\n"
	  "input, output and func of rank 3 or more is streamed channels last, ONNX's\n"
	  "dimension 1 last ([N][H][W][C]: a pixel's channels together); `run` and\n"
	  "`sim` given MODEL.onnx still read and write .npy files in ONNX's order.\n"
	  "  --channels-first  stream in ONNX's order instead ([N][C][H][W]); the\n"
	  "                other commands take it with MODEL.onnx too\n"
	  "  --channels-last   (the other commands, with MODEL.onnx) the .npy files\n"
	  "                channels last too, as the hardware streams them\n"
	  "  -o OUT.sl     the program written\n" },
	{ "check", cmd_check, OPT_DEFINE | OPT_CHANNELS_LAST, true,
	  "PROG [-D NAME=VALUE]...",
	  "parse and check a program; print its funcs, types and inferred domains",
	  "Reads PROG, reports every error, and prints every declaration: its kind,\n"
	  "name and type, and for a func its variables, the domain bounds inference\n"
	  "gave it and its body.\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n" },
	{ "run", cmd_run, OPT_INPUT | OPT_SEED | OPT_OUT | OPT_FRAMES | OPT_DEFINE | OPT_ENGINE |
	  OPT_JOBS | OPT_CHANNELS_LAST, true,
	  "PROG [-D NAME=VALUE]... [--engine auto|interp|c] [-j N] [--input NAME=FILE]... [--seed N] [--frames N] [-o DIR]",
	  "evaluate a program with the CPU reference",
	  "Evaluates every output of PROG bit-exactly and writes DIR/NAME.npy for each\n"
	  "(and DIR/NAME.png, uncompressed, when the output is a u8/u16 image).\n"
	  "  --engine E         c (the program compiled to C with the system compiler,\n"
	  "                     cached), interp (the interpreter) or auto (the default:\n"
	  "                     c for a program of at least 262,144 points, interp\n"
	  "                     below; without a working compiler a note and interp)\n"
	  "  -j N               the compiled reference's threads, each func's rows\n"
	  "                     shared among them (default 1; the same bytes for any N)\n"
	  "  --input NAME=FILE  data for input NAME: .npy, .png, .pgm or .ppm\n"
	  "  --seed N           fill inputs without --input with pseudo-random values\n"
	  "                     from seed N, and write them as DIR/NAME.in.npy\n"
	  "  --frames N         N frames: each input from a .npy whose leading\n"
	  "                     dimension is N, or N --input NAME=FILE (one per\n"
	  "                     frame), or seeds (frame f from seed N + f); each\n"
	  "                     output a .npy with a leading dimension of N\n"
	  "  -o DIR             output directory (default: out)\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n" },
	{ "compile", cmd_compile, OPT_DESIGN | OPT_DUMP, true,
	  "PROG [-D NAME=VALUE]... [--schedule stream|sequential] [--board B] [--unroll K] [--interface native|axis] [-d LETTERS] [-o DIR] [--quiet]",
	  "schedule a program; write schedule.txt, buffers.txt, report.json, report.html and the Verilog",
	  "Lowers PROG, schedules every operation to a cycle and writes\n"
	  "DIR/schedule.txt, DIR/buffers.txt, DIR/report.json, DIR/report.html\n"
	  "(the schedule, buffers and resources drawn; docs/report.md), the Verilog\n"
	  "DIR/sluice_NAME.v, the library modules it uses and the filelist\n"
	  "DIR/sluice_NAME.f (verilator -F DIR/sluice_NAME.f; docs/hardware.md).\n"
	  "  --schedule P  stream (default: line-buffered, rates matched) or\n"
	  "                sequential (each stage after the previous one)\n"
	  "  --register-threshold N  untapped delay-chain runs shorter than N\n"
	  "                words are registers (default 8; docs/hardware.md)\n"
	  "  --ram R       memory of circular buffers: auto (default: block RAM\n"
	  "                from N words, or past 64 LUTs of LUT RAM on boards with\n"
	  "                it), block (always block RAM) or lut (register files:\n"
	  "                LUT RAM, or flip-flops on the iCE40)\n"
	  "  --widths W    narrow (default: each func and operation at the width its\n"
	  "                values need) or declared (the program's types)\n"
	  "  --board B     map for board B, and fail before writing anything when\n"
	  "                the design's storage (block RAMs, storage flip-flops)\n"
	  "                does not fit it; pipeline every datapath, by the board's\n"
	  "                delay model, for the highest clock its control reaches\n"
	  "                (docs/timing.md, \"The default clock\")\n"
	  "  --clock MHz   pipeline for this clock instead (needs --board)\n"
	  "  --unroll K    K points of every output's innermost dimension per cycle\n"
	  "                (lanes, docs/language.md), overriding 'unroll' declarations\n"
	  "  --memory M    native (default: today's mapping) or pub: also map every\n"
	  "                buffer it can onto push-memory tiles (sl_pub) and write\n"
	  "                DIR/pub.json and DIR/pub_BUFFER_K.hex (docs/pub.md)\n"
	  "  --fetch N, --depth N, --pub-ports IxO, --pub-levels N, --pub-width N\n"
	  "                the tile: fetch width, SRAM words (512), input and output\n"
	  "                ports, loop levels, configuration bits; not given, each\n"
	  "                is fitted (fetch 4 to 64 per buffer, the fewest ports,\n"
	  "                levels and bits that hold the program); --runtime-config\n"
	  "                fixes them at 4, 2x2, 6 and 16\n"
	  "  --pub-ext-width N  extent bits (default: --pub-width's); these and\n"
	  "                --pub-levels take 'fit': the tile of the fewest flip-flops\n"
	  "                that holds this program's configuration\n"
	  "  --pub-config C  static (default: the tiles' configuration as constants\n"
	  "                of the Verilog) or rom (a ROM loaded through each tile's\n"
	  "                bus after reset, and DIR/pub_rom.hex)\n"
	  "  --pub-buffers A,B  only these buffers on tiles (default: every one)\n"
	  "  --runtime-config  schedules, line-buffer lengths and tiles set at run\n"
	  "                time by DIR/config.hex (docs/pub.md, \"Run-time configuration\")\n"
	  "  --runtime-max NAME=VALUE  with --runtime-config on native memory: the\n"
	  "                build serves every size up to these params' values\n"
	  "  --interface I native (the default: NAME_en / NAME_valid ports) or axis\n"
	  "                (AXI4-Stream with backpressure; docs/hardware.md)\n"
	  "  --control C   ports (the default: start, done) or axilite (an AXI4-Lite\n"
	  "                register file and an interrupt; docs/hardware.md)\n"
	  "  -d LETTERS    print stage dumps on stdout, each right after its stage:\n"
	  "                P checked program, L lowered program (and the lane\n"
	  "                program, with lanes), S schedule, B buffers,\n"
	  "                T push-memory tiles (with --memory pub),\n"
	  "                R predicted resources (with --board)\n"
	  "  -o DIR        output directory (default: out)\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n  --quiet        no progress line (shown on a terminal only: Verilator,\n                 Yosys and nextpnr runs, the model, studies)\n" },
	{ "sim", cmd_sim,
	  OPT_DESIGN | OPT_DUMP | OPT_INPUT | OPT_SEED | OPT_ENGINE | OPT_VCD | OPT_FRAMES |
	  OPT_MAX_CYCLES | OPT_STALL_SEEDS | OPT_SIZES, true,
	  "PROG [-D NAME=VALUE]... [--engine model|verilator] [--board B] [--interface native|axis [--stall-seeds N]] [--input NAME=FILE]... [--seed N] [--frames N] [--size NAME=VALUE[,NAME=VALUE]...]... [-o DIR] [--vcd FILE] [--max-cycles N]",
	  "simulate the scheduled design cycle by cycle and check it against the reference",
	  "Compiles PROG, runs the cycle-level model of its schedule and buffers (or\n"
	  "its generated Verilog in Verilator), and checks every output bit for bit\n"
	  "against the CPU reference and the measured cycles against the prediction;\n"
	  "the model also checks each buffer's occupancy against its computed size.\n"
	  "Writes the design it simulates like 'sluice compile' and the outputs like\n"
	  "'sluice run'.\n"
	  "  --engine E             model (the cycle-level model; the default) or\n"
	  "                         verilator (the Verilog, built once per design in\n"
	  "                         $SLUICE_CACHE_DIR, default ~/.cache/sluice)\n"
	  "  --vcd FILE             verilator: dump the first 2000 cycles from reset\n"
	  "  --max-cycles N         refuse a design whose schedule predicts more than N\n"
	  "                         cycles (default 1000000000, about two minutes of\n"
	  "                         the model), before any input is made\n"
	  "  --schedule P           stream or sequential, as for compile\n"
	  "  --register-threshold N untapped delay-chain runs shorter than N words\n"
	  "                         are registers (default 8), as for compile\n"
	  "  --ram R                auto, block or lut, as for compile\n"
	  "  --widths W             narrow or declared, as for compile\n"
	  "  --board B              simulate the design mapped for board B, exactly\n"
	  "                         what 'compile --board B' writes\n"
	  "  --clock MHz            as for compile\n"
	  "  --unroll K             lanes, as for compile\n"
	  "  --memory M, --fetch N, --depth N, --pub-ports IxO, --pub-levels N,\n"
	  "  --pub-width N, --pub-ext-width N\n"
	  "                         as for compile; with --memory pub every tile's\n"
	  "                         configuration also runs in the tile model, and its\n"
	  "                         access counts are printed\n"
	  "  --interface I          native or axis, as for compile; verilator with\n"
	  "                         axis runs the streams under random stalls\n"
	  "                         (docs/verilator.md, \"AXI4-Stream\")\n"
	  "  --control C, --runtime-config, --runtime-max NAME=VALUE\n"
	  "                         as for compile; verilator drives the AXI4-Lite\n"
	  "                         slave under random wait states, and loads\n"
	  "                         this size's configuration image\n"
	  "  --size NAME=VALUE[,NAME=VALUE]...\n"
	  "                         verilator, --runtime-config: the sizes, in order,\n"
	  "                         one testbench process runs back to back on the\n"
	  "                         one build (each given again: one size each; a\n"
	  "                         param not named keeps its -D value), no reset\n"
	  "                         between them; each size checked against its own\n"
	  "                         reference and prediction, its outputs in\n"
	  "                         DIR/size-I (docs/hardware.md)\n"
	  "  --stall-seeds N        verilator, axis: pause patterns from N seeds, five\n"
	  "                         patterns each (default 3; 0: the unstalled run,\n"
	  "                         the reset and the framing errors only)\n"
	  "  -d LETTERS             stage dumps, as for compile\n"
	  "  --frames N             N frames back to back through one run (model or\n"
	  "                         verilator: one start),\n"
	  "                         each a frame period after the previous one\n"
	  "                         (docs/hardware.md); every frame checked, and the\n"
	  "                         cycles against the prediction for N frames\n"
	  "  --input, --seed, -o    as for run\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n  --quiet        no progress line (shown on a terminal only: Verilator,\n                 Yosys and nextpnr runs, the model, studies)\n" },
	{ "boards", cmd_boards, 0, false,
	  "",
	  "list the target boards",
	  "Lists the board files of boards/ (or $SLUICE_BOARDS_DIR): name, part,\n"
	  "LUTs, flip-flops, block RAMs, DSPs and nominal clock.\n" },
	{ "synth", cmd_synth, OPT_DESIGN | OPT_PNR | OPT_CHECK_NETLIST | OPT_INPUT | OPT_SEED, true,
	  "PROG [-D NAME=VALUE]... --board B [--pnr] [--interface native|axis] [--check-netlist [--input NAME=FILE]... [--seed N]] [-o DIR]",
	  "synthesize a program for a board with Yosys; report its resources",
	  "Compiles PROG, writes DIR/sluice_NAME.v, runs Yosys with the board's flow\n"
	  "(block RAM forced where the mapping chose SRAM), and prints LUTs,\n"
	  "flip-flops, block RAMs (predicted and measured), DSPs and the share of the\n"
	  "board; writes DIR/synth.json and DIR/report.html.  Fails when the predicted\n"
	  "block RAMs differ from Yosys's.\n"
	  "  --board B     a board name ('sluice boards') or a .board file\n"
	  "  --pnr         also place and route (nextpnr; iCE40) and report Fmax and\n"
	  "                the critical path by program stage (without it: Yosys's\n"
	  "                logic depth)\n"
	  "  --clock MHz   pipeline for this clock (default: the highest the design's\n"
	  "                control reaches on the board, docs/timing.md)\n"
	  "  --interface I native or axis, as for compile (axis: the wrapper's own\n"
	  "                LUTs and flip-flops are reported)\n"
	  "  --check-netlist  write the synthesized netlist (DIR/netlist.v), simulate\n"
	  "                it in Verilator with the family's cell models on the\n"
	  "                program's data and compare every output bit for bit with\n"
	  "                the reference and the cycles with the prediction; fails on\n"
	  "                any difference (docs/verilator.md)\n"
	  "  --input, --seed  the data of the netlist check, as for run\n"
	  "  --schedule P, --register-threshold N, --ram R, --unroll K, --widths W\n"
	  "                as for compile\n"
	  "  --memory M, --fetch N, --depth N, --pub-ports IxO, --pub-levels N,\n"
	  "  --pub-width N, --pub-ext-width N\n"
	  "                as for compile: the buffers on tiles are sl_pub instances,\n"
	  "                their SRAMs SPRAM on the UP5K, block RAM elsewhere (docs/pub.md)\n"
	  "  -o DIR        output directory (default: out)\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n  --quiet        no progress line (shown on a terminal only: Verilator,\n                 Yosys and nextpnr runs, the model, studies)\n" },
	{ "study", cmd_study,
	  OPT_SCHEDULE | OPT_THRESHOLD | OPT_RAM | OPT_OUT | OPT_PNR | OPT_STUDY | OPT_CLOCK |
	  OPT_UNROLL | OPT_DEFINE | OPT_QUIET | OPT_MEMORY | OPT_WIDTHS | OPT_BOARDS |
	  OPT_CHANNELS_LAST, true,
	  "PROG [-D NAME=VALUE]... [--boards B1,B2,...] [--schedules stream,sequential] [--thresholds 8,64] [--rams auto,block,lut] [--unroll K | --unrolls K1,K2,...] [--sim] [--pnr] [--clock MHz] [-o DIR]",
	  "compile and synthesize a program over boards and mapping options; one table",
	  "For every schedule, register threshold, RAM choice and board: compiles\n"
	  "PROG, checks that its storage and estimated logic fit the board (else the\n"
	  "row says \"does not fit: ...\") and synthesizes it with Yosys in\n"
	  "DIR/BOARD_SCHEDULE_tN_RAM/.  Prints one table (predicted and measured\n"
	  "cycles, buffer words, LUTs and flip-flops estimated/measured, block RAMs\n"
	  "predicted/measured, DSPs estimated/measured, Fmax) and writes\n"
	  "DIR/study.csv, DIR/study.json and DIR/report.html (the configurations as\n"
	  "scatters, Pareto points marked).  On a terminal, a progress line.\n"
	  "  --boards B1,B2     boards (default: every board of 'sluice boards')\n"
	  "  --schedules S1,S2  stream and/or sequential (default: stream)\n"
	  "  --thresholds N1,N2 register thresholds (default: --register-threshold, 8)\n"
	  "  --rams R1,R2       circular-buffer memories: auto, block, lut (default:\n"
	  "                     --ram, auto)\n"
	  "  --unroll K         every row with K lanes per output (docs/language.md)\n"
	  "  --unrolls K1,K2    lane counts as an axis (overrides --unroll); the table\n"
	  "                     gives output pixels per cycle and, with Fmax, Mpixels/s\n"
	  "  --sim              measure cycles with the cycle-level model (seed 1)\n"
	  "  --pnr              place and route where the board has a flow (Fmax)\n"
	  "  --clock MHz        pipeline for this clock on every board (default: on\n"
	  "                     each board the highest its control reaches, by its\n"
	  "                     delay model)\n"
	  "  --memory native,pub  instead of boards: compare today's mapping with\n"
	  "                     push-memory tiles over --fetch F1,F2 and --depth D1,D2\n"
	  "                     (and --pub-ports, --pub-levels, --pub-width): legality\n"
	  "                     and why, tiles, SRAM bits, area and energy; writes\n"
	  "                     DIR/pub_study.csv and DIR/pub_study.json (docs/pub.md)\n"
	  "  -o DIR             output directory (default: out)\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n  --quiet        no progress line (shown on a terminal only: Verilator,\n                 Yosys and nextpnr runs, the model, studies)\n" },
	{ "explore", cmd_explore, OPT_BOARDS | OPT_EXPLORE | OPT_JOBS | OPT_OUT | OPT_DEFINE | OPT_QUIET |
	  OPT_CHANNELS_LAST, true,
	  "PROG [-D NAME=VALUE]... [--boards B1,B2] [--space FILE] [--knob NAME=V1,V2]... [--budget N] [--budget-minutes M] [--synth-cache DIR] [--fidelity estimate|yosys|pnr] [--validate] [--truth] [--transfer] [--shapes WxH[:W],... [--robust OBJ]] [--emit-jobs DIR [-j N] | --collect DIR | --point] [-o DIR]",
	  "search the design space of joint knobs per board; Pareto fronts of time and area",
	  "Explores PROG over the knobs unroll, schedule, threshold, ram, clock, memory,\n"
	  "fetch, depth and ports (docs/explore.md) on every board: each point's exact\n"
	  "cycles and buffers, its estimate (block RAM exact, LUTs and flip-flops\n"
	  "corrected by a fit on the points synthesized) and, for the points the\n"
	  "corrected model places near the front, Yosys.  Prints each board's front\n"
	  "and why the search stopped; writes DIR/explore.json and DIR/explore.csv.\n"
	  "  --boards B1,B2     boards (default: every board of 'sluice boards')\n"
	  "  --space FILE       the space: one knob a line, NAME=V1,V2 or NAME=LO..HI,\n"
	  "                     LO..HI:STEP, LO..HI:*FACTOR; '#' comments\n"
	  "  --knob NAME=VALUES one knob, as a line of a space file (repeatable)\n"
	  "                     (default space: unroll 1,2,4, schedule stream and\n"
	  "                     sequential, threshold 8,64, ram auto,block,lut, clock\n"
	  "                     default,nominal; knobs not given take one value)\n"
	  "  --budget N         at most N Yosys runs per board (default: a tenth of\n"
	  "                     the space, at least 8); a space within it is\n"
	  "                     synthesized exhaustively\n"
	  "  --budget-minutes M stop a board's search after M minutes\n"
	  "  --synth-cache DIR  keep Yosys results in DIR, by Verilog and board\n"
	  "  --fidelity F       yosys (default), estimate (no synthesis) or pnr (Yosys,\n"
	  "                     and nextpnr's Fmax where the board has a flow)\n"
	  "  --validate         run every point of each final front in Verilator\n"
	  "                     (seed 1): bit-exact, cycles = predicted; exit 1 if not\n"
	  "  --truth            also synthesize every point; print ADRS and the\n"
	  "                     hypervolume ratio of the explored front against the\n"
	  "                     exhaustive one, and the estimate's MAPE and Kendall tau\n"
	  "  --transfer         with --truth or --collect over several boards: the\n"
	  "                     correction fitted on the other boards, per held-out\n"
	  "                     board, and the sign agreement of knob effects\n"
	  "  --shapes WxH[:W],...  one design robust across sizes (params W, H):\n"
	  "                     cycles per shape, time x area against each shape's\n"
	  "                     own best, cliffs above 2x; writes DIR/shapes.json\n"
	  "  --robust OBJ       mean, meanstd, regret or cvar (default); --robust-k K\n"
	  "                     (1), --cvar-alpha A (0.75)\n"
	  "  --emit-jobs DIR    one command per point in DIR/jobs.txt (each writes\n"
	  "                     DIR/points/HASH/result.json) and DIR/slurm.sh\n"
	  "  -j N               with --emit-jobs: run them, N at a time, skipping the\n"
	  "                     points done, then collect into DIR\n"
	  "  --collect DIR      merge DIR's results into -o DIR's explore.json\n"
	  "  --point            evaluate the one point given, write DIR/result.json\n"
	  "  -o DIR             output directory (default: out)\n  -D NAME=VALUE  set param NAME to VALUE (docs/language.md, \"Params\")\n  --quiet        no progress line (shown on a terminal only)\n" },
};
enum { N_COMMANDS = sizeof(commands) / sizeof(commands[0]) };

const command *driver_find_command(const char *name)
{
	return driver_find_named(commands, N_COMMANDS, sizeof commands[0], name);
}

void driver_usage(FILE *out)
{
	fputs("usage: sluice COMMAND [ARGS]\n\n"
	      "sluice compiles image-processing and ML pipelines to hardware.\n\n"
	      "commands:\n", out);
	for (int i = 0; i < N_COMMANDS; i++)
		fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fputs("\nRun 'sluice COMMAND --help' for a command's options.\n", out);
}

void driver_command_help(const command *c, FILE *out)
{
	fprintf(out, "usage: sluice %s %s\n\n%s", c->name, c->args, c->help);
}
