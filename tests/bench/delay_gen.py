# tests/bench/delay_gen.py: the micro-benchmarks of tests/bench/delay_fit.sh.
# One Verilog module `top` per (kind, width): registered operands, the
# operator, a registered result, so nextpnr's critical path is
# register -> operator -> register.  The operands come out of one shift
# register fed by the single input pin `din` (the UP5K SG48 has too few
# pins for two 32-bit operands), and the result register leaves through an
# xor of its bits on the single output pin `dout` (after the register, so
# not on any register-to-register path).  Python 3 standard library only.

def _clog2(n):
    b = 0
    while (1 << b) < n:
        b += 1
    return b


def _shell(nbits, body, result_width, decl=''):
    """A module with an nbits shift register `sr`, a result register `r`
    of result_width bits assigned by the lines of body, and dout = ^r."""
    nbits = max(nbits, 2)
    lines = [
        'module top(input clk, input din, output dout);',
        '  reg [%d:0] sr;' % (nbits - 1),
        '  reg [%d:0] r;' % (result_width - 1),
    ]
    if decl:
        lines.append(decl)
    lines += [
        '  always @(posedge clk) sr <= {sr[%d:0], din};' % (nbits - 2),
        body,
        '  assign dout = ^r;',
        'endmodule',
        '',
    ]
    return '\n'.join(lines)


def _operands(w):
    """Declarations of two w-bit operands a, b taken from sr."""
    return ('  wire [%d:0] a = sr[%d:0];\n  wire [%d:0] b = sr[%d:%d];'
            % (w - 1, w - 1, w - 1, 2 * w - 1, w))


def _binary(w, expr, result_width):
    return _shell(2 * w, '  always @(posedge clk) r <= %s;' % expr,
                  result_width, _operands(w))


def gen_ff(w):
    """A w-bit register copied into the result register: reg -> reg."""
    return _shell(w, '  always @(posedge clk) r <= sr[%d:0];' % (w - 1), w)


def gen_levels(k):
    """xor of 4^k register bits: k levels of 4-input LUTs."""
    n = 4 ** k
    return _shell(n, '  always @(posedge clk) r <= ^sr[%d:0];' % (n - 1), 1)


def gen_lut(w):
    return _binary(w, 'a & b', w)


def gen_add(w):
    return _binary(w, 'a + b', w)


def gen_cmp(w):
    return _binary(w, 'a < b', 1)


def gen_eq(w):
    return _binary(w, 'a == b', 1)


def gen_mux(w):
    decl = _operands(w) + '\n  wire s = sr[%d];' % (2 * w)
    return _shell(2 * w + 1, '  always @(posedge clk) r <= s ? a : b;', w,
                  decl)


def gen_shift(w):
    s = max(_clog2(w), 1)
    decl = ('  wire [%d:0] a = sr[%d:0];\n  wire [%d:0] s = sr[%d:%d];'
            % (w - 1, w - 1, s - 1, w + s - 1, w))
    return _shell(w + s, '  always @(posedge clk) r <= a << s;', w, decl)


def gen_mul(w):
    """w x w, the full 2w-bit product (its top bits are the slowest)."""
    return _binary(w, 'a * b', 2 * w)


def _ram_instance(i):
    """SB_RAM40_4K number i in 256 x 16 mode (READ_MODE 0) with read data
    q<i>: read address sr[7:0], write address sr[15:8], write enable
    sr[16], write data sr[32:17]."""
    return '\n'.join([
        '  wire [15:0] q%d;' % i,
        '  SB_RAM40_4K #(.READ_MODE(0), .WRITE_MODE(0)) ram%d (' % i,
        "    .RCLK(clk), .RCLKE(1'b1), .RE(1'b1), .RADDR({3'b0, sr[7:0]}),",
        "    .WCLK(clk), .WCLKE(1'b1), .WE(sr[16]), .WADDR({3'b0, sr[15:8]}),",
        "    .MASK(16'b0), .WDATA(sr[32:17]), .RDATA(q%d));" % i,
    ])


def gen_bram(w):
    """The 16 read-data bits of one SB_RAM40_4K (256 x 16) xor-ed together
    (two LUT levels) into the result register: the path timed is the RAM's
    clock-to-data-out, routing, two LUT levels.  The two levels make it
    longer than the shift register's own paths, which a RAM output straight
    into a register is not.  w must be 16.  An instance, not an inferred
    memory, so that Yosys adds no read-during-write bypass logic."""
    if w != 16:
        raise ValueError('bram: measured at width 16 only')
    body = _ram_instance(0) + '\n  always @(posedge clk) r <= ^q0;'
    return _shell(33, body, 1)


_MAC16_BYPASS = {
    # MAC16 parameters of a purely combinational unsigned multiplier (no
    # register enabled, outputs straight from the multiplier), the
    # "SB_MAC16_MUL_U_16X16_BYPASS" / "..._8X8_BYPASS" configurations that
    # icetime's timing tables (from the vendor's iCEcube2 data) name.
    'NEG_TRIGGER': "1'b0", 'C_REG': "1'b0", 'A_REG': "1'b0",
    'B_REG': "1'b0", 'D_REG': "1'b0", 'TOP_8x8_MULT_REG': "1'b0",
    'BOT_8x8_MULT_REG': "1'b0", 'PIPELINE_16x16_MULT_REG1': "1'b0",
    'PIPELINE_16x16_MULT_REG2': "1'b0", 'TOPADDSUB_LOWERINPUT': "2'b00",
    'TOPADDSUB_UPPERINPUT': "1'b0", 'TOPADDSUB_CARRYSELECT': "2'b00",
    'BOTADDSUB_LOWERINPUT': "2'b00", 'BOTADDSUB_UPPERINPUT': "1'b0",
    'BOTADDSUB_CARRYSELECT': "2'b00", 'A_SIGNED': "1'b0",
    'B_SIGNED': "1'b0",
}


def gen_dsp(w):
    """A w x w unsigned product (w <= 16) through one SB_MAC16 in a
    combinational configuration: 8x8 mode (MODE_8x8, product on O[15:0])
    up to w = 8, 16x16 mode (product on O[31:0]) above.  Instantiated,
    because Yosys's ice40_dsp would pull the operand and result registers
    into the block."""
    if w > 16:
        raise ValueError('dsp: one SB_MAC16 multiplies at most 16 x 16')
    small = w <= 8
    params = dict(_MAC16_BYPASS)
    params['MODE_8x8'] = "1'b1" if small else "1'b0"
    params['TOPOUTPUT_SELECT'] = "2'b10" if small else "2'b11"
    params['BOTOUTPUT_SELECT'] = "2'b10" if small else "2'b11"
    pad = (8 if small else 16) - w
    zero = "%d'b0, " % pad if pad else ''
    a = '{%ssr[%d:0]}' % (zero, w - 1)
    b = '{%ssr[%d:%d]}' % (zero, 2 * w - 1, w)
    if small:
        a, b = '{8\'b0, %s}' % a, '{8\'b0, %s}' % b
    plist = ',\n    '.join('.%s(%s)' % kv for kv in sorted(params.items()))
    body = '\n'.join([
        '  wire [31:0] o;',
        '  SB_MAC16 #(\n    %s) mac (' % plist,
        "    .CLK(clk), .CE(1'b1), .C(16'b0), .A(%s), .B(%s), .D(16'b0)," % (a, b),
        "    .AHOLD(1'b0), .BHOLD(1'b0), .CHOLD(1'b0), .DHOLD(1'b0),",
        "    .IRSTTOP(1'b0), .IRSTBOT(1'b0), .ORSTTOP(1'b0), .ORSTBOT(1'b0),",
        "    .OLOADTOP(1'b0), .OLOADBOT(1'b0), .ADDSUBTOP(1'b0), .ADDSUBBOT(1'b0),",
        "    .OHOLDTOP(1'b0), .OHOLDBOT(1'b0), .CI(1'b0), .ACCUMCI(1'b0),",
        "    .SIGNEXTIN(1'b0), .O(o));",
        '  always @(posedge clk) r <= o[%d:0];' % (2 * w - 1),
    ])
    return _shell(2 * w, body, 2 * w)


def gen_add_lut(w):
    """Check of the model's additivity: an adder, then one LUT level that
    cannot be folded into the adder's sum LUTs (each result bit is the and
    of two neighbouring sum bits)."""
    rot = '{s[0], s[%d:1]}' % (w - 1) if w > 1 else 's'
    decl = _operands(w) + '\n  wire [%d:0] s = a + b;' % (w - 1)
    return _shell(2 * w, '  always @(posedge clk) r <= s & %s;' % rot, w, decl)


def gen_mux_add(w):
    """Check of the model's additivity: a 2:1 select, then an adder."""
    decl = (_operands(w) + '\n  wire [%d:0] c = sr[%d:%d];' % (w - 1, 3 * w - 1, 2 * w)
            + '\n  wire s = sr[%d];' % (3 * w))
    return _shell(3 * w + 1, '  always @(posedge clk) r <= (s ? a : b) + c;', w, decl)


def gen_add_add(w):
    """Two adders in a row, (a + b) - c.  Yosys merges the two into one
    multi-operand adder (alumacc: one carry chain after a LUT level), so
    the model's two adds overestimate it: kept to show by how much."""
    decl = _operands(w) + '\n  wire [%d:0] c = sr[%d:%d];' % (w - 1, 3 * w - 1, 2 * w)
    return _shell(3 * w, '  always @(posedge clk) r <= (a + b) - c;', w, decl)


# kind -> generator.  `levels` is the LUT chain whose intercept is ff and
# whose slope is lut; `reg` is the plain register copy; the last three are
# composite paths that check that delays add up.
GENERATORS = {
    'reg': gen_ff,
    'levels': gen_levels,
    'lut': gen_lut,
    'add': gen_add,
    'cmp': gen_cmp,
    'eq': gen_eq,
    'mux': gen_mux,
    'shift': gen_shift,
    'mul': gen_mul,
    'dsp': gen_dsp,
    'bram': gen_bram,
    'add_lut': gen_add_lut,
    'mux_add': gen_mux_add,
    'add_add': gen_add_add,
}
