/* target/timing.c: placeholder */
