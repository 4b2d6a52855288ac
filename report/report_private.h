/* report/report_private.h: declarations shared inside report/.
 * Stage: beside flow/.  The page's frame and drawing helpers (page.c),
 * the schedule's Gantt chart and the buffers' occupancy (schedule.c), the
 * storage layouts (layout.c), the layers' figures (layers.c) and the
 * study's scatter (study.c). */
#ifndef SLUICE_REPORT_PRIVATE_H
#define SLUICE_REPORT_PRIVATE_H

#include "report/report.h"

/* Chart geometry (SVG user units = CSS pixels). */
enum { RP_WIDTH = 960, RP_LEFT = 150, RP_RIGHT = 20 };

/* <!DOCTYPE html> to <body>, the title escaped. */
void rp_page_begin(FILE *out, const char *title);
void rp_page_end(FILE *out);
/* printf into the page; every %s must already be safe (numbers, fixed
 * words): strings from outside go through rp_html_str. */
void rp_printf(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A step of 1, 2 or 5 times a power of ten giving at most "n" ticks over
 * 0 .. max. */
int64_t rp_tick_step(int64_t max, int n);
/* A horizontal axis of cycles 0 .. tmax at height y, x = x0 .. x0 + w,
 * with ticks and the label "cycles". */
void rp_time_axis(FILE *out, double x0, double y, double w, int64_t tmax);
/* The x of cycle t on such an axis. */
double rp_time_x(double x0, double w, int64_t tmax, int64_t t);

/* The page's sections. */
void rp_gantt(FILE *out, const rp_design *d, int shown, int64_t period, int64_t tmax);
void rp_occupancy(FILE *out, const rp_design *d, int shown, int64_t period, int64_t tmax);
void rp_layouts(FILE *out, const rp_design *d);
/* report/layers.c: one row per layer (ONNX node or fused group). */
void rp_layers(FILE *out, const rp_design *d);

#endif
