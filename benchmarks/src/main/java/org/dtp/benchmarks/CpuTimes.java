package org.dtp.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time of processes on Linux, from {@code /proc/<pid>/stat}, so that a benchmark comparing copiers can say what
 * each one cost the machine, and the server both talk to, besides the time it took.
 */
final class CpuTimes {
    /** USER_HZ, the unit of /proc's times: 100 on every Linux architecture this runs on ({@code getconf CLK_TCK}). */
    private static final long TICKS_PER_SECOND = 100;

    private CpuTimes() {
    }

    /**
     * Nanoseconds of CPU this JVM and the child processes it has waited for (a copier run as a process, like
     * {@code rclone}) have used so far.
     */
    static long copiers() {
        long own = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        String[] stat = fields("self");
        return own + ticksToNanos(Long.parseLong(stat[15]) + Long.parseLong(stat[16])); // cutime, cstime
    }

    /** Nanoseconds of CPU (user and system) process {@code pid} has used so far. */
    static long ofProcess(long pid) {
        String[] stat = fields(Long.toString(pid));
        return ticksToNanos(Long.parseLong(stat[13]) + Long.parseLong(stat[14])); // utime, stime
    }

    /** The fields of /proc/<pid>/stat, numbered from 0 (man 5 proc numbers them from 1); the name may hold spaces. */
    private static String[] fields(String pid) {
        try {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            String afterName = stat.substring(stat.lastIndexOf(')') + 2);
            String[] rest = afterName.trim().split(" ");
            String[] all = new String[rest.length + 2];
            System.arraycopy(rest, 0, all, 2, rest.length);
            return all;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the CPU times of process " + pid, e);
        }
    }

    private static long ticksToNanos(long ticks) {
        return ticks * (1_000_000_000L / TICKS_PER_SECOND);
    }
}
