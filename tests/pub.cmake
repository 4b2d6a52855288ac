# tests/pub.cmake: buffers on the push-memory tile (pub/map.c,
# docs/pub_mapping.md).  The unit tests are tests/unit/t_pub.cpp.
#   t_pub_cli   --memory pub on the command line: the collision, width and
#               capacity errors against goldens (tests/pub/*.err), usage
#               errors, gaussian's pub.json, report.json and $readmemh
#               image, and the counts `sim --memory pub` prints
add_test(NAME t_pub_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/cli.sh $<TARGET_FILE:sluice>)
set_tests_properties(t_pub_cli PROPERTIES LABELS "golden;pub" TIMEOUT 120)
#   t_pub_tile_config  the images of gaussian for 64x64 and 32x32 loaded
#               through the bus into one Verilated build of sl_pub, every
#               word in and out checked at its cycle, and the tile's access
#               counts (-DSL_PUB_COUNT) of every run, 64x64 twice with the
#               first run cut by a flush (tests/pub/tile_config.sh)
find_program(SLUICE_PUB_VERILATOR verilator)
if(SLUICE_PUB_VERILATOR)
  add_test(NAME t_pub_tile_config
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/tile_config.sh $<TARGET_FILE:sluice> ${CMAKE_BINARY_DIR})
  set_tests_properties(t_pub_tile_config PROPERTIES LABELS "verilator;pub" TIMEOUT 600 PROCESSORS 2)
endif()
#   t_pub_runtime  --runtime-config: gaussian's Verilog byte-identical at
#               64x64, 48x40 and 32x32, one Verilator build (the later runs
#               cache hits) loading each size's config.hex, all bit-exact at
#               their predicted cycles (tests/pub/runtime.sh; about 40 s)
if(SLUICE_PUB_VERILATOR)
  add_test(NAME t_pub_runtime
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/runtime.sh $<TARGET_FILE:sluice> ${CMAKE_BINARY_DIR})
  set_tests_properties(t_pub_runtime PROPERTIES LABELS "verilator;pub" TIMEOUT 600)
  #   t_pub_runtime_sizes  sim --size on tiles: gaussian's one run-time
  #               configured build runs 64x64, 48x40 and 32x32 back to back
  #               in one process under AXI4-Lite and AXI4-Stream (one stall
  #               seed), each at W*H + 4 cycles with (W-2)(H-2) values
  #               (tests/golden/README.md, gaussian) and every run's tile
  #               counts equal to that size's tile model (about 25 s)
  add_test(NAME t_pub_runtime_sizes
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/gaussian.sl --engine verilator
      --seed 1 --memory pub --runtime-config --interface axis --control axilite --stall-seeds 1
      --size W=64,H=64 --size W=48,H=40 --size W=32,H=32
      -o ${CMAKE_CURRENT_BINARY_DIR}/pub_out/runtime_sizes)
  set_tests_properties(t_pub_runtime_sizes PROPERTIES LABELS "verilator;pub" TIMEOUT 300 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
    PASS_REGULAR_EXPRESSION "size 1 of 3 \\(W=64,H=64\\):\nverilator: 4100 cycles \\(predicted 4100\\), 3844 output values equal to the reference\n.*size 2 of 3 \\(W=48,H=40\\):\nverilator: 1924 cycles \\(predicted 1924\\), 1748 output values equal to the reference\n.*size 3 of 3 \\(W=32,H=32\\):\nverilator: 1028 cycles \\(predicted 1028\\), 900 output values equal to the reference\n.*size 3 of 3 \\(W=32,H=32\\), tiles:\npub in tile 0: 1024 aggregator writes[^\n]*tile model and Verilator agree")
  #   t_pub_runtime_examples  the same for harris, cascade, downsample,
  #             blur_xy and brighten at 64x64 and 48x40 (label slow: five
  #             builds, about 4 minutes)
  add_test(NAME t_pub_runtime_examples
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/runtime.sh $<TARGET_FILE:sluice> ${CMAKE_BINARY_DIR}
      harris cascade downsample blur_xy brighten)
  set_tests_properties(t_pub_runtime_examples PROPERTIES LABELS "verilator;pub;slow" TIMEOUT 1500)
endif()
#   t_pub_lint       the Verilog of designs with tiles passes verilator -Wall
#   t_pub_verilator  gaussian on one tile bit-exact in Verilator at the
#               predicted cycles, its tile's access counts measured in the
#               hardware equal to the tile model's and to 1,024 / 1,984 /
#               3,968 (tests/pub/design.sh); t_pub_verilator_chain the same
#               on two tiles in series and for harris's five tiles (label
#               slow); t_pub_verilator_side (slow) camera_pipeline at the
#               defaults, seven tiles, three pairs side by side;
#               t_pub_verilator_passes camera_pipeline with red and
#               green read in passes from FW 2 tiles; t_pub_verilator_fit
#               (slow) the same at fitted field widths (CW 13, EW 6);
#               t_pub_verilator_count_bad: a library whose tile miscounts
#               SRAM writes makes sim fail (label slow: a build);
#               t_pub_axis_count_bad (slow): one that miscounts them in
#               the AXI4-Stream testbench's run 5 alone, a stalled run
if(SLUICE_PUB_VERILATOR)
  add_test(NAME t_pub_lint COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/design.sh $<TARGET_FILE:sluice> lint)
  set_tests_properties(t_pub_lint PROPERTIES LABELS "rtlgen;pub" TIMEOUT 300)
  add_test(NAME t_pub_verilator
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/design.sh $<TARGET_FILE:sluice> verilator)
  set_tests_properties(t_pub_verilator PROPERTIES LABELS "verilator;pub" TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  add_test(NAME t_pub_verilator_side
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/design.sh $<TARGET_FILE:sluice> verilator_side)
  set_tests_properties(t_pub_verilator_side PROPERTIES LABELS "verilator;pub;slow" TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  add_test(NAME t_pub_verilator_fit
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/design.sh $<TARGET_FILE:sluice> verilator_fit)
  set_tests_properties(t_pub_verilator_fit PROPERTIES LABELS "verilator;pub;slow" TIMEOUT 900 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  add_test(NAME t_pub_verilator_passes
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/design.sh $<TARGET_FILE:sluice> verilator_passes)
  set_tests_properties(t_pub_verilator_passes PROPERTIES LABELS "verilator;pub" TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  add_test(NAME t_pub_verilator_chain
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/design.sh $<TARGET_FILE:sluice> verilator_chain)
  set_tests_properties(t_pub_verilator_chain PROPERTIES LABELS "verilator;pub;slow"
    TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  add_test(NAME t_pub_verilator_count_bad
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/design.sh $<TARGET_FILE:sluice> verilator_bad)
  set_tests_properties(t_pub_verilator_count_bad PROPERTIES LABELS "verilator;pub;slow"
    TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  add_test(NAME t_pub_axis_count_bad
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/design.sh $<TARGET_FILE:sluice> axis_bad)
  set_tests_properties(t_pub_axis_count_bad PROPERTIES LABELS "verilator;pub;slow"
    TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
endif()
#   t_selfc_pub_camera  compile -o DIR of camera_pipeline (channel outermost,
#               tests/order/camera_pipeline.sl: red and green hold planes) with two tiles
#               builds from a copy of DIR alone (the tile's three library
#               files in the filelist; tests/rtlgen/self_contained.sh)
find_program(SLUICE_PUB_YOSYS yosys)
if(SLUICE_PUB_VERILATOR AND SLUICE_PUB_YOSYS)
  add_test(NAME t_selfc_pub_camera
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/self_contained.sh $<TARGET_FILE:sluice>
      ${CMAKE_SOURCE_DIR}/tests/order/camera_pipeline.sl elab --memory pub --fetch 2 --depth 2048
      --pub-ports 1x1 --pub-levels 3 --pub-buffers red,green)
  set_tests_properties(t_selfc_pub_camera PROPERTIES LABELS "rtlgen;pub" TIMEOUT 300)
endif()
#   t_pub_examples_model  every example with --memory pub in the model, the
#               buffers each keeps on tiles, mobilenet's FW-4 refusal and its
#               legal configurations (tests/pub/examples.sh model)
add_test(NAME t_pub_examples_model
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/examples.sh $<TARGET_FILE:sluice> model)
set_tests_properties(t_pub_examples_model PROPERTIES LABELS "golden;pub" TIMEOUT 300)
#   t_pub_vl_NAME  example NAME with --memory pub in Verilator, bit-exact at
#               measured == predicted cycles: brighten (no tile: the flag is
#               harmless) in make test, the rest label slow (gaussian is
#               t_pub_verilator's; make test's budget on a cold Verilator
#               cache), every tile's counts agreed by Verilator (blur_xy's
#               by hand, its SRAM write after done included); t_pub_axis (slow)
#               gaussian with --memory pub --interface axis: the wrapper's
#               lint and the AXI4-Stream testbench under stalls, then
#               blur_xy under it, its tile's counts checked in all 20 runs;
#               t_pub_frames (slow)  gaussian on two tiles in series with
#               --frames 3; t_pub_axis_frames (slow) the AXI4-Stream
#               testbench with --frames 2 (tests/pub/examples.sh)
if(SLUICE_PUB_VERILATOR)
  foreach(ex blur_xy brighten camera_pipeline cascade downsample harris jacobi
      laplacian_pyramid matmul mobilenet resnet_layer unsharp upsample)
    set(labels "verilator;pub;slow")
    if(ex STREQUAL "brighten")
      set(labels "verilator;pub")
    endif()
    add_test(NAME t_pub_vl_${ex}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/examples.sh $<TARGET_FILE:sluice> verilator ${ex})
    set_tests_properties(t_pub_vl_${ex} PROPERTIES LABELS "${labels}" TIMEOUT 900 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()
  add_test(NAME t_pub_frames
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/examples.sh $<TARGET_FILE:sluice> frames)
  set_tests_properties(t_pub_frames PROPERTIES LABELS "verilator;pub;slow" TIMEOUT 900 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  add_test(NAME t_pub_axis
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/examples.sh $<TARGET_FILE:sluice> axis)
  set_tests_properties(t_pub_axis PROPERTIES LABELS "verilator;pub;slow" TIMEOUT 900 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  add_test(NAME t_pub_axis_frames
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/examples.sh $<TARGET_FILE:sluice> axis_frames)
  set_tests_properties(t_pub_axis_frames PROPERTIES LABELS "verilator;pub;slow" TIMEOUT 900 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
endif()
#   t_pub_synth_ice40  `sluice synth --memory pub` of gaussian on the UP5K
#               (a tile of 2 levels and 1x2 ports): 2 SB_SPRAM256KA and 2
#               SB_RAM40_4K worked out in tests/pub/synth.sh, predicted and
#               measured; SPRAM=1 and synth_ice40 -spram.  t_pub_synth_ecp5,
#               t_pub_synth_xc7 (label slow): the default tile on the ECP5-85F
#               (2 DP16KD) and the Artix-7 (2 RAMB18E1); t_pub_synth_camera_ice40
#               (slow): camera_pipeline's red and green on SPRAM tiles of
#               fitted field widths, 4 SB_SPRAM256KA and 22 SB_RAM40_4K,
#               placed and routed by nextpnr-ice40 (issue 12's bar);
#               t_pub_synth_static (slow): gaussian at the defaults (fitted
#               tile, configuration constants): 2 SB_SPRAM256KA, no ROM
if(SLUICE_PUB_YOSYS)
  add_test(NAME t_pub_synth_ice40 COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/synth.sh $<TARGET_FILE:sluice> ice40)
  set_tests_properties(t_pub_synth_ice40 PROPERTIES LABELS "synth;pub" TIMEOUT 300)
  add_test(NAME t_pub_synth_static COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/synth.sh $<TARGET_FILE:sluice> static)
  set_tests_properties(t_pub_synth_static PROPERTIES LABELS "synth;pub;slow" TIMEOUT 300)
  add_test(NAME t_pub_synth_ecp5 COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/synth.sh $<TARGET_FILE:sluice> ecp5)
  set_tests_properties(t_pub_synth_ecp5 PROPERTIES LABELS "synth;pub;slow" TIMEOUT 1200)
  add_test(NAME t_pub_synth_xc7 COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/synth.sh $<TARGET_FILE:sluice> xc7)
  set_tests_properties(t_pub_synth_xc7 PROPERTIES LABELS "synth;pub;slow" TIMEOUT 600)
  add_test(NAME t_pub_synth_camera_ice40
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/synth.sh $<TARGET_FILE:sluice> camera)
  set_tests_properties(t_pub_synth_camera_ice40 PROPERTIES LABELS "synth;pub;slow" TIMEOUT 900)
endif()
#   t_pub_lanes_model  lanes on tiles (--unroll 2 and 4 with --memory pub)
#               in the model: six examples at both K and mobilenet,
#               unsharp and laplacian_pyramid where they have banks on
#               tiles, bit-exact at the predicted cycles, the lane banks
#               on tiles, gaussian's and camera_pipeline's lane-tile
#               (camera_pipeline in tests/pub/ is the channel-outer form,
#               tests/order/camera_pipeline.sl, whose planes go on tiles)
#               counts by hand, and passes back to back
#               (tests/pub/passes_aligned.sl on a tile, passes_rd_span.sl
#               native; tests/pub/lanes.sh model; about 10 s)
#   t_pub_lanes_vl_NAME_kK  the same in Verilator, every tile's counts in
#               the hardware equal to the tile model's (label slow, a
#               build each: 10 s to 2 min; downsample at K = 4 has no
#               tile and is left out; passes_aligned at K = 1, the pass
#               boundary of the lanes, in Verilator)
add_test(NAME t_pub_lanes_model
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/lanes.sh $<TARGET_FILE:sluice> model)
set_tests_properties(t_pub_lanes_model PROPERTIES LABELS "model;pub" TIMEOUT 300)
if(SLUICE_PUB_VERILATOR)
  foreach(case gaussian:2 gaussian:4 blur_xy:2 blur_xy:4 harris:2 harris:4 cascade:2
      cascade:4 downsample:2 camera_pipeline:2 camera_pipeline:4 mobilenet:2 unsharp:4
      laplacian_pyramid:2 laplacian_pyramid:4 passes_aligned:1)
    string(REPLACE ":" ";" parts ${case})
    list(GET parts 0 ex)
    list(GET parts 1 k)
    add_test(NAME t_pub_lanes_vl_${ex}_k${k}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/lanes.sh $<TARGET_FILE:sluice> verilator ${ex} ${k})
    set_tests_properties(t_pub_lanes_vl_${ex}_k${k} PROPERTIES LABELS "verilator;pub;slow"
      TIMEOUT 900 PROCESSORS 2 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()
endif()
#   t_diff_pub_unroll  random programs at two lanes on tiles in the model
#               (run_diff.py --pub= --unroll 2, seeds 1-260): every output
#               equal to slref's, the mapping's located refusals counted,
#               and at least 15 seeds with a buffer on tiles (21 of 260;
#               about 25 s; 260 seeds since value-range widths, which fold
#               the generator's constant funcs into literals and so leave
#               fewer buffers: 14 of seeds 1-200 tile, 20 with --widths
#               declared)
add_test(NAME t_diff_pub_unroll
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --engine model --pub= --unroll 2
          --count 260 --start 1 --min-tiled 15)
set_tests_properties(t_diff_pub_unroll PROPERTIES LABELS "diff;pub" TIMEOUT 300)
#   t_pub_lanes_lint  the Verilog of lane banks on tiles (gaussian at K = 2
#               and 4, downsample and camera_pipeline at 2) passes
#               verilator -Wall (tests/pub/lanes.sh lint; about 30 s)
if(SLUICE_PUB_VERILATOR)
  add_test(NAME t_pub_lanes_lint
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/lanes.sh $<TARGET_FILE:sluice> lint)
  set_tests_properties(t_pub_lanes_lint PROPERTIES LABELS "rtlgen;pub" TIMEOUT 300)
endif()
