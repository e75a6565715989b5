# Shared by bench/cpu/run.sh and bench/cpu/kernels.sh (sourced): the
# bench-only Debian packages, the median of mdh-run's times, and the guarded
# measurement. Expects $here, $py, $warmup, $tries and $max_others, and sets
# $start when unset.

start=${start:-$(date +%s)}

# install_packages PKG...: installs the missing Debian packages with apt-get
# (bench-only dependencies; sudo when not root).
install_packages() {
  local need=() p sudo=""
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
  done
  [ ${#need[@]} -gt 0 ] || return 0
  echo "installing ${need[*]}"
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}" >/dev/null ||
    { $sudo apt-get update >/dev/null && \
      $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}" >/dev/null; } ||
    echo "apt-get failed for ${need[*]}" >&2
}

# The median of the time_ms lines of a log, the first $warmup dropped.
median_mdh() {
  grep '^time_ms=' "$1" | sed 's/time_ms=//' | tail -n +"$((warmup + 1))" |
    sort -g | awk '{ v[NR] = $1 } END {
      if (NR == 0) { print "nan"; exit }
      if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# guarded LOG CMD...: runs CMD (output in LOG) under guard.py until the rest
# of the machine stayed quiet (others_frac <= max_others), at most $tries
# times; LOG ends as the quietest attempt. Returns CMD's status.
guarded() {
  local log=$1 best="" best_frac="" frac rc best_rc=0 i wait
  shift
  for ((i = 1; i <= tries; i++)); do
    rc=0
    # Past 8 minutes, no more waiting for a quiet machine.
    wait=10
    [ $(( $(date +%s) - start )) -lt 480 ] || wait=0
    "$py" "$here/guard.py" "$log.try" --wait-quiet=$wait -- "$@" || rc=$?
    frac=$(sed -n 's/^guard .*others_frac=\([0-9.]*\).*/\1/p' "$log.try")
    [ -n "$frac" ] || frac=9
    if [ -z "$best" ] || awk -v a="$frac" -v b="$best_frac" 'BEGIN { exit !(a < b) }'; then
      mv "$log.try" "$log"
      best=$i best_frac=$frac best_rc=$rc
    else
      rm -f "$log.try"
    fi
    [ $rc -eq 0 ] || break
    awk -v a="$frac" -v m="$max_others" 'BEGIN { exit !(a <= m) }' && break
    echo "   (other processes took $frac cores; again)"
  done
  echo "attempt $best of $i, others_frac=$best_frac" >> "$log"
  last_frac=$best_frac
  return $best_rc
}

