/* Added to each tool at link time (cc65's sources stay unpatched): a stable qsort, in place of wasi-libc's
 * (musl's smoothsort, which is not stable). ld65 sorts exports by value with qsort; glibc's qsort, which native
 * Debian cc65 runs on, is a merge sort that keeps equal elements in their order, so its map files list symbols
 * of equal value in input order. A stable sort gives the same order, so the map files match native ones. */
#include <stdlib.h>
#include <string.h>

typedef int (*compare_fn)(const void *, const void *);

/* Merges the sorted runs [lo, mid) and [mid, hi) of `base` through `tmp` (elements of `size` bytes). */
static void merge(char *base, char *tmp, size_t lo, size_t mid, size_t hi, size_t size, compare_fn cmp) {
  size_t i = lo, j = mid, k = 0;
  while (i < mid && j < hi) {
    /* "<= 0" takes the left element on ties: that is what keeps the sort stable */
    if (cmp(base + i * size, base + j * size) <= 0) {
      memcpy(tmp + k * size, base + i * size, size);
      i++;
    } else {
      memcpy(tmp + k * size, base + j * size, size);
      j++;
    }
    k++;
  }
  memcpy(tmp + k * size, base + i * size, (mid - i) * size);
  k += mid - i;
  memcpy(tmp + k * size, base + j * size, (hi - j) * size);
  k += hi - j;
  memcpy(base + lo * size, tmp, k * size);
}

/* Bottom-up merge sort: runs of 1, 2, 4... elements merged pairwise. */
void qsort(void *base, size_t count, size_t size, compare_fn cmp) {
  char *tmp;
  size_t width, lo;
  if (count < 2 || size == 0) return;
  tmp = malloc(count * size);
  if (tmp == NULL) abort();
  for (width = 1; width < count; width *= 2) {
    for (lo = 0; lo + width < count; lo += 2 * width) {
      size_t hi = lo + 2 * width < count ? lo + 2 * width : count;
      merge((char *)base, tmp, lo, lo + width, hi, size, cmp);
    }
  }
  free(tmp);
}
