#!/bin/sh
# tests/explore/slurm_run.sh: run a sweep's slurm.sh on a single-node Slurm
# started here and stopped by pid.
#   slurm_run.sh JOBS_DIR
# Starts munged (a fresh key), slurmctld and slurmd in the foreground, in a
# temporary directory with a slurm.conf of one node (this machine,
# 127.0.0.1, unused ports), submits JOBS_DIR/slurm.sh with `sbatch --wait`,
# then stops the three daemons by their pids.  Exit 77 (ctest's skip) with
# the reason when Slurm or munge is not installed; 1 when the array fails.
set -u
jobs=${1:?usage: slurm_run.sh JOBS_DIR}
for t in munged mungekey slurmctld slurmd sbatch; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "skipped: '$t' is not installed (Debian: apt-get install slurmd slurmctld slurm-client munge)"
		exit 77
	fi
done
T=$(mktemp -d)
host=$(hostname -s)
pids=""
stop() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	[ -f "$T/munged.pid" ] && kill "$(cat "$T/munged.pid")" 2>/dev/null
	sleep 1
	rm -rf "$T"
}
trap stop EXIT
mkdir -p "$T/state" "$T/spool"
mungekey -c -k "$T/munge.key" || exit 1
chmod 600 "$T/munge.key"
munged -f --key-file="$T/munge.key" -S "$T/munge.sock" --pid-file="$T/munged.pid" \
	--log-file="$T/munged.log" --seed-file="$T/munged.seed" || { cat "$T/munged.log"; exit 1; }
port=$(( 20000 + $$ % 20000 ))
cat >"$T/slurm.conf" <<CONF
ClusterName=sluicetest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$T/munge.sock
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldPort=$port
SlurmdPort=$(( port + 1 ))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$T/slurm.conf"
slurmctld -D -f "$SLURM_CONF" >"$T/ctld.out" 2>&1 &
pids="$!"
slurmd -D -f "$SLURM_CONF" >"$T/d.out" 2>&1 &
pids="$pids $!"
i=0
until sinfo -h -o %T 2>/dev/null | grep -q idle; do
	i=$((i + 1))
	if [ $i -gt 60 ]; then
		echo "slurm_run.sh: the node did not come up:"
		sinfo 2>&1; tail -20 "$T/slurmctld.log" "$T/slurmd.log" "$T/ctld.out" "$T/d.out"
		exit 1
	fi
	sleep 1
done
sbatch --wait "$jobs/slurm.sh" || { tail -20 "$T/slurmctld.log" "$T/slurmd.log"; exit 1; }
echo "slurm_run.sh: the array of $jobs/slurm.sh ran on a single-node Slurm ($host)"
