# Finding JDKs for the bench scripts (sourced, not run).

# The feature release of a JDK home, from its release file (JAVA_VERSION="25.0.3"), or nothing.
jdk_major() {
  [[ -f $1/release ]] || return 1
  sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release"
}

# The newest JDK 25+ home: JAVA_HOME if it is one, else the newest under /usr/lib/jvm.
find_jdk25() {
  local dir major best="" best_major=0
  if [[ -n ${JAVA_HOME:-} ]] && major=$(jdk_major "$JAVA_HOME") && ((${major:-0} >= 25)); then
    printf '%s\n' "$JAVA_HOME"
    return 0
  fi
  for dir in /usr/lib/jvm/*/; do
    dir=${dir%/}
    major=$(jdk_major "$dir") || continue
    if ((${major:-0} >= 25 && major > best_major)) && [[ -x $dir/bin/java ]]; then
      best=$dir
      best_major=$major
    fi
  done
  [[ -n $best ]] && printf '%s\n' "$best"
}

# The flags the benchmarks' programs need on java binary $1, one a line: native access for zstd-jni
# and libdeflate's FFM calls (harmless before 25), and sun.misc.Unsafe for JMH 1.37 (warns on 24+).
bench_java_flags() {
  if "$1" --enable-native-access=ALL-UNNAMED -version > /dev/null 2>&1; then
    printf '%s\n' --enable-native-access=ALL-UNNAMED
  fi
  if "$1" --sun-misc-unsafe-memory-access=allow -version > /dev/null 2>&1; then
    printf '%s\n' --sun-misc-unsafe-memory-access=allow
  fi
}
