// zlib (apt: zlib1g-dev, which libdw-dev already pulls in): the latency interval logs'
// histograms are deflated, as HdrHistogram's own writers do.
#include <zlib.h>
