package io.jtune.api;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * A read-only view of a result's values with {@code done} = true, in the values' order ({@code done}
 * added last when they lack it): marking the result that ends a trial costs no copy of its values.
 */
final class DoneView extends AbstractMap<String, Object> {
    private final Map<String, Object> values;
    private final boolean hasDone;
    private Set<Entry<String, Object>> entries;

    DoneView(Map<String, Object> values) {
        this.values = values;
        this.hasDone = values.containsKey(Result.DONE);
    }

    @Override
    public Object get(Object key) {
        return Result.DONE.equals(key) ? Boolean.TRUE : values.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return Result.DONE.equals(key) || values.containsKey(key);
    }

    @Override
    public int size() {
        return hasDone ? values.size() : values.size() + 1;
    }

    /** The values in order with {@code done} true, without an entry object a value. */
    @Override
    public void forEach(BiConsumer<? super String, ? super Object> action) {
        values.forEach((key, value) -> action.accept(key, Result.DONE.equals(key) ? Boolean.TRUE : value));
        if (!hasDone) {
            action.accept(Result.DONE, Boolean.TRUE);
        }
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        if (entries == null) {
            entries = new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, Object>> iterator() {
                    return new Marked(values.entrySet().iterator(), !hasDone);
                }

                @Override
                public int size() {
                    return DoneView.this.size();
                }
            };
        }
        return entries;
    }

    /** The values' entries with {@code done}'s value replaced by true, and {@code done} = true after them when {@code appendDone}. */
    private static final class Marked implements Iterator<Entry<String, Object>> {
        private final Iterator<Entry<String, Object>> base;
        private boolean appendDone;

        Marked(Iterator<Entry<String, Object>> base, boolean appendDone) {
            this.base = base;
            this.appendDone = appendDone;
        }

        @Override
        public boolean hasNext() {
            return base.hasNext() || appendDone;
        }

        @Override
        public Entry<String, Object> next() {
            if (!base.hasNext() && appendDone) {
                appendDone = false;
                return new SimpleImmutableEntry<>(Result.DONE, Boolean.TRUE);
            }
            Entry<String, Object> e = base.next();
            return Result.DONE.equals(e.getKey()) ? new SimpleImmutableEntry<>(Result.DONE, Boolean.TRUE) : e;
        }
    }
}
