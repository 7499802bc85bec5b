package org.dtp.adapters.google;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/** At most {@code capacity} values by key, the least recently used dropped first; safe to share between threads. */
final class LruCache<V> {
    private final Map<String, V> values;

    LruCache(int capacity) {
        values = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The value of {@code key}, or null. */
    synchronized V get(String key) {
        return values.get(key);
    }

    synchronized void put(String key, V value) {
        values.put(key, value);
    }

    /** The value of {@code key}; a new one from {@code fresh}, kept, when there is none. */
    synchronized V getOrCreate(String key, Supplier<V> fresh) {
        return values.computeIfAbsent(key, k -> fresh.get());
    }

    /** Forgets {@code key} when its value is still {@code value}. */
    synchronized void remove(String key, V value) {
        values.remove(key, value);
    }
}
