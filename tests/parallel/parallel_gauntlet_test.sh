#!/usr/bin/env bash
# Starts an sshd on a loopback port (own host key, own authorized key, own config, in a temporary
# directory), runs a 4-shard gauntlet through ci/parallel/gauntlet over ssh to it (arbiter and the
# opening book sent with --basefile, shard files back with --return), marks one shard failed in the
# joblog and checks a second call plays only that shard; the merged database must equal the
# unsharded run game for game. The sshd started here is stopped on exit, whatever happens.
#
# Usage: parallel_gauntlet_test.sh ARBITER SAME_GAMES REPO_ROOT     (exit 77: skipped)
set -uo pipefail

arbiter="$1"
same_games="$2"
repo_root="$3"
# shellcheck source=tests/slurm/scaleout_common.sh
source "$repo_root/tests/slurm/scaleout_common.sh"

[ "$(id -u)" -eq 0 ] || skip "needs root to start an sshd"
for tool in parallel rsync ssh ssh-keygen /usr/sbin/sshd; do
  command -v "$tool" >/dev/null || skip "$tool missing (ci/setup-deps --with-scaleout installs it)"
done
[ -x /usr/games/stockfish ] || skip "stockfish missing"

work="$(mktemp -d /tmp/arbiter-parallel-test-XXXXXX)"
sshd_pid=""

stop_sshd() {
  if [ -n "$sshd_pid" ]; then
    kill "$sshd_pid" 2>/dev/null
    wait "$sshd_pid" 2>/dev/null
  fi
  rm -rf "$work" "/tmp/arbiter-parallel-test-remote-$$"
}
trap stop_sshd EXIT

fail() {
  echo "FAIL: $*"
  [ -f "$work/sshd.log" ] && { echo "--- sshd.log"; tail -n 20 "$work/sshd.log"; }
  exit 1
}

# --- sshd on 127.0.0.1 only, keys and config of its own; the user's ~/.ssh is not touched.
ssh-keygen -q -t ed25519 -N "" -f "$work/host_key" || fail "ssh-keygen (host key)"
ssh-keygen -q -t ed25519 -N "" -f "$work/client_key" || fail "ssh-keygen (client key)"
cp "$work/client_key.pub" "$work/authorized_keys"
mkdir -p /run/sshd  # sshd's privilege separation directory
port=$((20000 + RANDOM % 20000))
cat >"$work/sshd_config" <<CONF
Port $port
ListenAddress 127.0.0.1
HostKey $work/host_key
PidFile $work/sshd.pid
AuthorizedKeysFile $work/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
Subsystem sftp internal-sftp
CONF
/usr/sbin/sshd -D -f "$work/sshd_config" -E "$work/sshd.log" &
sshd_pid=$!
cat >"$work/ssh_config" <<CONF
Host arbiter-test-host
  HostName 127.0.0.1
  Port $port
  User root
  IdentityFile $work/client_key
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  BatchMode yes
  LogLevel ERROR
CONF
export PARALLEL_SSH="ssh -F $work/ssh_config"
for _ in $(seq 50); do $PARALLEL_SSH arbiter-test-host true 2>/dev/null && break; sleep 0.1; done
$PARALLEL_SSH arbiter-test-host true || fail "cannot ssh to the test sshd on port $port"

# --- the reference, unsharded; the sharded run reads the book sent along as a basefile.
book="$repo_root/openings/noob_2moves.epd"
play_reference "$arbiter" "$work/full.db" "$book"
mapfile -t args < <(gauntlet_args "$(basename "$book")")
run=(env ARBITER="$arbiter" "$repo_root/ci/parallel/gauntlet" --shards 4 --dir "$work/run"
     --sshlogin 2/arbiter-test-host --basefile "$book" --remote-dir "/tmp/arbiter-parallel-test-remote-$$"
     -- "${args[@]}")
"${run[@]}" >"$work/run1.log" 2>&1 || { cat "$work/run1.log"; fail "the sharded run failed"; }
tail -n 3 "$work/run1.log"
[ "$(grep -c -- '--shard' "$work/run/joblog")" -eq 4 ] || fail "the joblog does not hold 4 shards"
[ ! -e "/tmp/arbiter-parallel-test-remote-$$/shard-1.db" ] || fail "--cleanup left the remote shard files"
"$same_games" "$work/full.db" "$work/run/merged.db" || fail "the merged shards differ from the unsharded run"

# --- shard 3 marked failed: a second call must play shard 3 alone and merge again.
awk -F'\t' -v OFS='\t' '$NF ~ /--shard 3\// { $7 = 1 } { print }' "$work/run/joblog" >"$work/joblog" &&
  mv "$work/joblog" "$work/run/joblog"
rm -f "$work/run/stage/shard-3.db" "$work/run/merged.db"
"${run[@]}" >"$work/run2.log" 2>&1 || { cat "$work/run2.log"; fail "the second call failed"; }
[ "$(grep -c -- '--shard' "$work/run/joblog")" -eq 5 ] || fail "the second call did not play exactly one shard"
[ "$(tail -n 1 "$work/run/joblog" | grep -c -- '--shard 3/4')" -eq 1 ] || fail "the second call played another shard"
"$same_games" "$work/full.db" "$work/run/merged.db" || fail "after the rerun, the merged shards differ"
echo "PASS: 4 shards over ssh with GNU parallel, one replayed, merged equal the unsharded run game for game"
