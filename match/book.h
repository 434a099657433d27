/* kaki-match book: writes a book of random balanced openings as TFEN lines (book.c). */
#ifndef KAKI_MATCH_BOOK_H
#define KAKI_MATCH_BOOK_H

/* `kaki-match book ...` (argv[1] is "book"); returns the exit status. */
int book_main(int argc, char **argv);

#endif
