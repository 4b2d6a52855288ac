# found by tests/diff/run_diff.py --engine model (seed 176, reduced).
# stream: "the cycle-level model took 133 cycles, the schedule predicts 119".
# f0 is an output AND read by f1 at (0, 3 * i), beyond its own output
# extent; with f0(0, i) or f0(i, j), or without 'output f0', it passes.
# sequential passes.
func f0(i, j) : u8 = 0;
output f0[6][8];
func f1(i, j) : u8 = f0(0, 3 * i);
output f1[8][12];
