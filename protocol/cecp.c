/* TEMPORARY: the protocol issue replaces this file. */
#include "cecp.h"

#include <stdio.h>

int cecp_main(void)
{
    fprintf(stderr, "kaki: the XBoard protocol is not implemented yet\n");
    return 1;
}
