/* The positions of "kaki bench" (the bench signature) and of the search benchmarks in bench/. */
#ifndef KAKI_BENCH_POSITIONS_H
#define KAKI_BENCH_POSITIONS_H

#include "board/tfen.h"

/* The start position, random-game positions from 8 to 600 plies (fixed seed; from crowded
   openings through middlegames with promoted pieces and fire demons to sparse endgames). */
static const char *const bench_positions[] = {
    TFEN_START,
    "lnficsgekgscifnl/a1c!c!1txql!ot1c!c!1a/s'v'bhdw!d!1h!d!w!dhbv's'/mB!rf!e!b!r!v!q!r!b!2rvm/ppppppppppppp1pp/4d'4e!1d'f!p2/16/16/16/16/4D'6D'4/PPPPPPPPPPPPPPPP/MVRF!E!B!W!R!V!R!1E!F!RVM/S'V'BHD1D!H!Q'D!W!DHBV'S'/A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL b",
    "lnficsgekgscifnl/ac!1c!w!tx1l!otw!c!c!1a/+B!v'bhd1d!q'h!d!1dh+B!v'1/mvrf!1b!r!1q!r!b!e!f!rvm/pp1pp2ppppppppp/2e!1d'pp4d'4/16/16/16/6v!9/4D'3P2D'4/PPPPPPPPH!PPPPPPP/MVRF!E!1R!1V!R!1E!F!RVM/S'V'BHDW!D!1Q'D!W!DHBV'S'/A1C!C!1TOL!QXT1C!1C!A/LNFICSGKEGSCIFNL b",
    "lnficsgekgscifnl/a1c!c!1txq1ot1c!c!1a/s'v'bh+B!w!d!q'h!1w!dhbv's'/mvrf!1b!l!1r!1d!e!f!rvm/pp1pe!p1pp1pppB!pQ!/4d'6d'4/16/16/16/2P1D'11/5P5D'4/PP1PPE!PPPPPP1PPM/1VRF!2L!1V!2E!F!RV1/MV'BHDW!D!H!Q'1W!DHBV'S'/A1C!C!1T3XT1C!C!1A/LNFICSGK1r!SCIFNL b",
    "lnficsgekgscifnl/a+B!c!c!1txql!1toc!1c!a/1vbhdw!d!q'1d!w!dhbv's'/m1rf!e!5b!e!1rvm/p1ppppppp2pp1p+F!/1p2d'4p5p/10h!d'3f!/10p5/16/16/1P2D'1r!1D!2D'1P2/P1PPPP1P1PPPP2+r!/MVRF!E!1R!1V!R!1E!BRb!M/S'V'BHDW!1H!Q'D!W!DH1V'S'/A1C!C!STOL!X1T1C!C!1A/LNFIC1GKEGSCIFNL b",
    "lnfic1gek1gcifnl/1bh2txql!ots1c!ba/4dw!d!1h!w!2hc!v's'/mv+C!3v!3de!f!rvm/1pB!1f!pppp1pppB!pp/p10d'4/16/15d!/11E!4/16/4D'5PD'4/PPPc!PP1PP2PPPPP/MVRF!E!1W!D!V!1D!1F!RVM/1V'BHD1L!3W!2B2/L1C!C!IT1KQXT1+b!1V'A/1NF1CSGH!E1SCIFNL b",
    "lnf1csg1kgscifnl/a2c!1txqh!ot1c!c!v'a/s'c!bh1dd!q'w!2d1b1s'/+B!vV!1f!6h1rvm/4ppp1pppp1ppp/1p9d'1e!2/10l!1d!3/16/16/13F!2/4D'1PP3D'4/1P1w!1P2PPPPP1Pv!/2R2B!4D!E!HRVM/V'1BHE!W!3D!3BV'S'/2C!C!OT1L!QXTW!C!C!1A/1NFICSGKEGSCIFNL b",
    "1nficsgekgscifnQ'/ls'c!1c!tx2ot2c!2/v'1bh1w!1q'3d1v'1a/mr1f!7hr1vW!/1V'pp1ppp1h!pp+C!3/4d'+Q10/16/16/14V'1/4D!11/3P3P8/1+w!+e!D'PP5P4/M3E!D4R!E!3M/S'6H!1+e!W!D3S'/1C!H2TO+r!2THC3/L2IFSGKEGS1IFNL b",
    "ln2csgekgscifnl/afc!c!1tx1l!ot4a/3v'dw!1d!h!d!w!4s'/3f!e!1q'4e!3m/2ppppppp1ppp1p1/hp2d'6d'4/16/16/16/16/P3D'6D'4/1PP1PPD!PP1PPP1P1/MVRF!E!W!5E!F!2M/1V'B1D3Q'1W!D1+c!V'S'/A1C!C!2OL!QXT1C!C!1A/LN2CSGKEH!S1IFNL b",
    "lnc!1csg1k1scifnl/afc!i1txel!1tof!c!1a/1v'3w!1q'6v's'/d15/1p1pp1pp1pppd!1+W!1/11d'4/16/16/16/16/4D'11/P2PPP1PPD!1PP3/1h!2E!D!6H1M1/S'1BHDW!1L!3T2V'N/A1C!C!C1T2X1C!C!2A/LNFI1SGKEGSCIF1L b",
    "lnficsgek5n1/a5xh!l!1g2f2/s'v'8w!dh+A2/m6d!1o1e!f!3/6p1p3p3/1+r9p4/6d!9/16/16/16/4D'P5D'4/4P1PPP1P4+l/M3C!2Q'D!7/S'1BC7D4/A4TO2X6/1NFI1SGKED!1CI3 b",
    "6gek3i2l/4stx1l!1g1f2+H/4d5o4s'/4e!11/3ppp7+F!1m/4d'11/16/9h!6/5+w!10/16/15P/10R5/16/4Q'2H!2D5/+w!3S3D!X6/2C!IC1GKEG3FD!1 b",
    "4c5s1tf2/a1i1s'3k1e!5/5w!4o5/2m1x11/p8p6/4d'6d'4/8p7/16/16/16/11D'4/P7PPP5/16/7K8/4SG3XT1IF2/3C1T2EGS5 b",
    "2t2sgk6f1/11c4/2n2x1e2ot2i1/4d'6d'4/10pp4/16/16/16/16/8+F!7/16/5P10/3L!4O7/6S9/3C5X1I4/7KG1SC4 b",
    "f4x3l!6/12i3/8s1t5/6d'5m3/16/2i13/5ck9/16/7G8/7P8/16/4S3C7/6K9/13I2/16/8T3F3 b",
    "4fs1e8/5c3sl!5/2i13/2t5g1m5/3d'12/10k5/16/16/3n11i/16/16/16/16/7E2L!5/16/l6K4D'1F1 b",
    "16/11gm2k/10g5/9s6/16/16/1p5pp7/+A13P1/8P6X/16/M15/16/6S7T1/16/7K2S5/1+i5G8 b",
    "14k1/11t4/16/16/16/16/16/14N1/2IP12/7P8/10F5/5S10/8T7/4F11/12TK2/16 b",
    "11m4/16/s15/7k4+P3/16/6d'9/16/9p4N1/16/8p7/16/5P10/6S2X1S4/14F1/16/T6K4D'S'2 b",
    "16/9k6/5d'10/16/16/9+P6/16/16/10P1D'P2/6G1P3P3/13I2/9C6/OT9K4/10G5/15F/4T11 b",
    "3t10t1/6ko5s2/x6g8/8d'1c5/2i1p4g2p3/6s4p4/16/6C9/16/I4P10/4G4K6/16/2T11S'1/16/5S10/6E3T1F3 b",
    "e4k8o1/1t1d'12/16/3x12/4f11/16/16/7P8/3s6P5/7i8/K15/9E6/16/16/2L!13/1X14 b",
};
#define NBENCH ((int)(sizeof bench_positions / sizeof bench_positions[0]))

#endif
