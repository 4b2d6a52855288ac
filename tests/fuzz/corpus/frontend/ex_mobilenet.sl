input  act : i8[16][30][30];
const  wd : i8[16][3][3] = file("mobilenet_dw.npy");
const  wp : i8[8][16] = file("mobilenet_pw.npy");
func   dw(c, y, x) : i32 = sum(r in 0..3, s in 0..3) i32(act(c, y + r, x + s)) * i32(wd(c, r, s));
func   dw_q(c, y, x) : i8 = i8(clamp(dw(c, y, x) >> 4, 0, 127));
func   pw(k, y, x) : i32 = sum(m in 0..16) i32(dw_q(m, y, x)) * i32(wp(k, m));
func   mobilenet(k, y, x) : i8 = i8(clamp(pw(k, y, x) >> 4, 0, 127));
output mobilenet[8][28][28];
