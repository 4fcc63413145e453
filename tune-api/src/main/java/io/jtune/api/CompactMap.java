package io.jtune.api;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A read-only map in two arrays, keys and values in order, for results kept long: about a quarter of
 * a {@link java.util.LinkedHashMap}'s size. Maps with the same keys in the same order as the one
 * made just before share its key array. Lookups scan the keys (results have a few dozen).
 */
final class CompactMap extends AbstractMap<String, Object> {
    /** The keys of the map made last, shared by the next one with the same keys. */
    private static volatile String[] lastKeys = new String[0];

    private final String[] keys;
    private final Object[] values;

    private CompactMap(String[] keys, Object[] values) {
        this.keys = keys;
        this.values = values;
    }

    static CompactMap of(Map<String, Object> map) {
        String[] shared = lastKeys;
        boolean same = shared.length == map.size();
        Object[] values = new Object[map.size()];
        int i = 0;
        for (Map.Entry<String, Object> e : map.entrySet()) {
            same = same && shared[i].equals(e.getKey());
            values[i++] = e.getValue();
        }
        if (!same) {
            shared = map.keySet().toArray(new String[0]);
            lastKeys = shared;
        }
        return new CompactMap(shared, values);
    }

    private int indexOf(Object key) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i].equals(key)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public Object get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : values[i];
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public int size() {
        return keys.length;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < keys.length;
                    }

                    @Override
                    public Entry<String, Object> next() {
                        if (next >= keys.length) {
                            throw new NoSuchElementException();
                        }
                        Entry<String, Object> e = new SimpleImmutableEntry<>(keys[next], values[next]);
                        next++;
                        return e;
                    }
                };
            }

            @Override
            public int size() {
                return keys.length;
            }
        };
    }
}
