#include "clock.h"

#include "platform/platform.h"

int64_t mono_us(void) { return platform_mono_us(); }

int64_t mono_ms(void) { return mono_us() / 1000; }

double mono_seconds(void) { return (double)mono_us() / 1e6; }

void sleep_ms(int64_t ms)
{
    if (ms > 0)
        platform_sleep_ms(ms);
}
