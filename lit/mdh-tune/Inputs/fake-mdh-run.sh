#!/bin/sh
# A stand-in for mdh-run in mdh-tune's test: with --mapping=...:0 (or
# --fusion=basteln) it prints times (median 3 after the warm-up); :1 (or
# none) sleeps past mdh-tune's time limit; --fusion=single prints times of
# median 2.9; anything else fails.
for a in "$@"; do
  case $a in
  --mapping=*:0 | --fusion=basteln)
    printf 'time_ms=9\ntime_ms=2\ntime_ms=4\ntime_ms=3\n'
    exit 0
    ;;
  --fusion=single)
    printf 'time_ms=9\ntime_ms=2.9\ntime_ms=2.9\ntime_ms=2.9\n'
    exit 0
    ;;
  --mapping=*:1 | --fusion=none)
    sleep 30
    exit 0
    ;;
  esac
done
echo "error: fake failure" >&2
exit 1
