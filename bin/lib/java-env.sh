# Sourced by bin/census, bin/lib/record-class-archive and notebooks/run-notebooks: builds the
# project when needed and sets
#   CENSUS_CP      the project's classes and its runtime dependencies (Spark included)
#   CENSUS_OPENS   the JVM options Spark 3.5 needs on Java 17
#   CENSUS_ARCHIVE the JVM options that map the class-data archive, when there is one to map
#   CENSUS_JARS    the modules' jars on CENSUS_CP (none when it holds their classes directories)
#   CENSUS_CLASSES_CP the same class path with the modules' classes directories, jars or not
#   CENSUS_JAVA    the java command: JAVA_HOME's when JAVA_HOME is set (as Maven takes it), else the PATH's
# Expects ROOT (the project directory).

if [ -n "${JAVA_HOME:-}" ]; then
  # Absolute, so that Maven and the JVMs started after a cd elsewhere find the JDK checked here.
  JAVA_HOME="$(cd "$JAVA_HOME" 2>/dev/null && pwd || echo "$JAVA_HOME")"
  export JAVA_HOME
  CENSUS_JAVA="$JAVA_HOME/bin/java"
else
  CENSUS_JAVA=java
fi

# The absolute path of CENSUS_JAVA, links resolved; nothing when there is no such command.
census_java_path() {
  local bin
  bin="$(command -v "$CENSUS_JAVA" 2>/dev/null)" || return 0
  readlink -f "$bin"
}

# The feature version of the java at $1 (17 for 17.0.15, 8 for 1.8.0_402): from its installation's
# release file when it has one (no JVM started), else from `java -version`.
census_java_version() {
  local release v
  release="$(dirname "$(dirname "$1")")/release"
  if [ -f "$release" ]; then
    v="$(sed -n '/^JAVA_VERSION=/{s/^JAVA_VERSION="\([0-9.]*\).*/\1/p;q;}' "$release" || true)"
  else
    v="$("$1" -version 2>&1 | sed -n '/version "/{s/^[^"]*version "\([0-9.]*\).*/\1/p;q;}' || true)"
  fi
  v="${v#1.}" # Java 8 and before: 1.8.0
  echo "${v%%.*}"
}

# Refuses, as bad input (exit 2, one line), a Java other than 17: Spark 3.5 and Hadoop 3.3 are
# built for it, and from Java 23 on Hadoop's login stops at Subject.getSubject.
census_require_java() {
  local v found what
  found="$(census_java_path)"
  v=""
  [ -z "$found" ] || v="$(census_java_version "$found")"
  if [ "$v" != 17 ]; then
    if [ -z "$found" ]; then
      what="$CENSUS_JAVA is not found"
    elif [ -z "$v" ]; then
      what="$found is of unknown version"
    else
      what="$found is Java $v"
    fi
    echo "census: needs Java 17 (Spark 3.5, Hadoop 3.3); $what; set JAVA_HOME to a JDK 17" >&2
    exit 2
  fi
}

CP_FILE="$ROOT/jobs/target/runtime-classpath.txt"
STAMP="$ROOT/jobs/target/.census-built"
# The classes a census loads, parsed and verified once by the build (bin/lib/record-class-archive).
ARCHIVE_FILE="$ROOT/jobs/target/census-classes.jsa"

census_needs_build() {
  [ -f "$CP_FILE" ] && [ -f "$STAMP" ] || return 0
  [ -n "$(find "$ROOT/pom.xml" "$ROOT"/*/pom.xml "$ROOT"/*/src/main -newer "$STAMP" -print -quit 2>/dev/null)" ]
}

census_build_if_needed() {
  # CENSUS_NO_BUILD=1: run what is built (the integration tests, which run after the build).
  if [ -z "${CENSUS_NO_BUILD:-}" ] && census_needs_build; then
    echo "census: building the project (first use or sources changed)..." >&2
    local log
    log="$(mktemp)"
    if ! (cd "$ROOT" && mvn -B -Dmaven.test.skip=true package >"$log" 2>&1); then
      grep -E '\[ERROR\]' "$log" | head -n 20 >&2 || true
      echo "census: build failed (full log: $log)" >&2
      exit 3 # any other failure: 1 is a census's check failing
    fi
    rm -f "$log"
    touch "$STAMP"
  fi
  census_classpath
}

# CENSUS_CP, CENSUS_JARS, CENSUS_CLASSES_CP and CENSUS_ARCHIVE. The modules' jars (CENSUS_JARS) as `mvn package`
# left them, since the JVM maps archived classes from jars only; their classes directories when a
# jar is missing or older than a class compiled since (then CENSUS_JARS is empty, and no archive).
# The JVM checks every jar's size and time against the archive's record and quietly ignores a
# stale archive (-Xlog:cds off), so an archive changes how fast a JVM starts, never what it runs.
census_classpath() {
  local version m jar
  version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$ROOT/pom.xml" | head -n 1)"
  CENSUS_JARS=()
  for m in jobs schemas solver-kernel; do
    jar="$ROOT/$m/target/$m-$version.jar"
    if [ ! -f "$jar" ] || [ -n "$(find "$ROOT/$m/target/classes" -newer "$jar" -print -quit 2>/dev/null)" ]; then
      CENSUS_JARS=()
      break
    fi
    CENSUS_JARS+=("$jar")
  done
  CENSUS_CLASSES_CP="$ROOT/jobs/target/classes:$ROOT/schemas/target/classes:$ROOT/solver-kernel/target/classes:$(cat "$CP_FILE")"
  CENSUS_ARCHIVE=()
  if [ "${#CENSUS_JARS[@]}" -gt 0 ]; then
    CENSUS_CP="$(IFS=:; echo "${CENSUS_JARS[*]}"):$(cat "$CP_FILE")"
    [ -f "$ARCHIVE_FILE" ] && CENSUS_ARCHIVE=(-XX:SharedArchiveFile="$ARCHIVE_FILE" '-Xlog:cds*=off')
  else
    CENSUS_CP="$CENSUS_CLASSES_CP"
  fi
  return 0
}

# Spark 3.5 on Java 17 needs these (the list of org.apache.spark.launcher.JavaModuleOptions).
CENSUS_OPENS=(
  -XX:+IgnoreUnrecognizedVMOptions
  --add-opens=java.base/java.lang=ALL-UNNAMED
  --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
  --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/sun.nio.cs=ALL-UNNAMED
  --add-opens=java.base/sun.security.action=ALL-UNNAMED
  --add-opens=java.base/sun.util.calendar=ALL-UNNAMED
  -Djdk.reflect.useDirectMethodHandle=false
  -Dio.netty.tryReflectionSetAccessible=true
)

# Local Spark binds to loopback unless told otherwise.
export SPARK_LOCAL_IP="${SPARK_LOCAL_IP:-127.0.0.1}"
