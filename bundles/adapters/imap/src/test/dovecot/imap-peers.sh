#!/usr/bin/env bash
# Runs ImapPeersBenchmark (dtp beside mbsync and imapsync, Dovecot -> Dovecot) against a throw-away Dovecot, as root,
# after `mvn -pl bundles/adapters/imap -am install -DskipTests`. Arguments go to the benchmark, e.g.
#   bundles/adapters/imap/src/test/dovecot/imap-peers.sh                                   # 1,000 small mails in 8 folders
#   bundles/adapters/imap/src/test/dovecot/imap-peers.sh --per-folder 625 --mean-kb 200    # 5,000 mails, about 1 GB
# Maven options (e.g. -o -Dmaven.repo.local=...) come from MAVEN_ARGS. Peers: apt-get install -y isync (mbsync);
# imapsync from https://github.com/imapsync/imapsync with its Perl modules from Debian (see benchmarks/README.md),
# found on PATH or given with --imapsync PATH.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
module=$(cd "$here/../../.." && pwd)
cd "$module"
# shellcheck disable=SC2086
mvn -q ${MAVEN_ARGS:-} test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt
eval "$("$here/start-dovecot.sh")"
trap '"$DTP_TEST_DOVECOT_STOP"' EXIT
java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -cp "target/test-classes:target/classes:$(cat target/test-classpath.txt)" org.dtp.adapters.imap.ImapPeersBenchmark "$@"
