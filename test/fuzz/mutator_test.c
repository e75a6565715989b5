/* Checks the MLIR mutator of mdh-fuzz-opt (mutator.c) without libFuzzer:
 * over many seeds, every result fits the buffer, and each kind of mutation
 * shows up (an edge value, a swapped family member, an affine change, a
 * changed line count, another pipeline selector). libFuzzer's own
 * mutations are replaced by a stub that changes nothing. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t LLVMFuzzerMutate(unsigned char *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(unsigned char *data, size_t size,
                               size_t max_size, unsigned int seed);

size_t LLVMFuzzerMutate(unsigned char *data, size_t size, size_t max_size) {
  (void)data;
  (void)max_size;
  return size;
}

static const char seed_text[] =
    "0func.func private @mul(%m: f32, %v: f32) -> f32 {\n"
    "  %p = arith.mulf %m, %v : f32\n"
    "  return %p : f32\n"
    "}\n"
    "func.func @mv(%M: memref<37x23xf32>, %w: memref<37xf32>) {\n"
    "  %vm = \"mdh.inp_view\"(%M) {accesses = [affine_map<(i, k) -> (i, "
    "k)>]} : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>\n"
    "  %r = \"mdh.md_hom\"(%vm) {scalar_function = @mul, combine_ops = "
    "[#mdh.cc, #mdh.pw<\"add\">]} : (!mdh.mda<array<i64: 37, 23>>) -> "
    "!mdh.mda<array<i64: 37, 1>>\n"
    "  return\n"
    "}\n";

/* Internal data structure for the kinds of mutation seen. */
struct seen {
  int edge, swap, affine, lines, selector;
};

static int count_lines(const unsigned char *s, size_t n) {
  int lines = 0;
  size_t i;

  for (i = 0; i < n; ++i)
    lines += s[i] == '\n';
  return lines;
}

static void classify(const unsigned char *out, size_t n, struct seen *seen) {
  char text[8192];

  memcpy(text, out, n);
  text[n] = '\0';
  seen->edge += strstr(text, "2147483648") || strstr(text, "-1") != NULL;
  seen->swap += strstr(text, "#mdh.ps") || strstr(text, "bf16") ||
                strstr(text, "\"max\"") != NULL;
  seen->affine += strstr(text, "floordiv") || strstr(text, " mod ") != NULL;
  seen->lines +=
      count_lines(out, n) !=
      count_lines((const unsigned char *)seed_text, sizeof(seed_text) - 1);
  seen->selector += out[0] != '0';
}

int main(void) {
  unsigned char buf[8192];
  size_t n, len = sizeof(seed_text) - 1, max = len + 64;
  struct seen seen = {0, 0, 0, 0, 0};
  unsigned s;

  for (s = 0; s < 4000; ++s) {
    memcpy(buf, seed_text, len);
    n = LLVMFuzzerCustomMutator(buf, len, max, s);
    if (n > max || n == 0) {
      fprintf(stderr, "seed %u: size %zu outside (0, %zu]\n", s, n, max);
      return 1;
    }
    classify(buf, n, &seen);
  }
  printf("edge %d, swap %d, affine %d, lines %d, selector %d\n", seen.edge,
         seen.swap, seen.affine, seen.lines, seen.selector);
  if (!seen.edge || !seen.swap || !seen.affine || !seen.lines ||
      !seen.selector) {
    fprintf(stderr, "a kind of mutation never happened\n");
    return 1;
  }
  return 0;
}
