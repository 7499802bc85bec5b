package org.dtp.spi;

import org.osgi.annotation.versioning.ProviderType;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;

/**
 * What an adapter keeps in memory for one job while it runs (a playlist's known length, the items it made in a list):
 * the engine makes one per job run, shares it between that run's contexts and drops it when the run ends (done,
 * failed, cancelled, paused, or moved to another node), so an adapter keeps no per-job map of its own that grows
 * with every job. What it holds must be rebuildable (from the destination or the ledger): a resumed job starts
 * with an empty one.
 */
@ProviderType
public interface JobScratch {
    /** The value under {@code key} in this job's scratch; made by {@code fresh} (once) when there is none yet. */
    <T> T computeIfAbsent(Key<T> key, Supplier<? extends T> fresh);

    /**
     * A scratch in memory, safe to share between threads: what the engine gives each job run, and what tests and
     * other callers of adapters (estimates) give theirs.
     */
    static JobScratch inMemory() {
        ConcurrentMap<Key<?>, Object> values = new ConcurrentHashMap<>(); // by key identity: equal names stay apart
        return new JobScratch() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> T computeIfAbsent(Key<T> key, Supplier<? extends T> fresh) {
                return (T) values.computeIfAbsent(Objects.requireNonNull(key, "key"), k -> fresh.get());
            }
        };
    }

    /**
     * A typed name in the scratch: declare one per use, as a constant, named after the adapter that uses it.
     *
     * @param <T> the type of the value kept under it
     */
    final class Key<T> {
        private final String name;

        private Key(String name) {
            this.name = Objects.requireNonNull(name, "name");
        }

        public static <T> Key<T> of(String name) {
            return new Key<>(name);
        }

        public String name() {
            return name;
        }

        @Override
        public String toString() {
            return "JobScratch.Key[" + name + "]";
        }
    }
}
