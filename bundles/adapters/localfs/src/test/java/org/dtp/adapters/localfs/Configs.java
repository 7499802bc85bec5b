package org.dtp.adapters.localfs;

import java.lang.reflect.Proxy;
import java.util.Map;

/** Configuration annotations of other adapters, as Config Admin gives them: their defaults, a few values overridden. */
public final class Configs {
    private Configs() {
    }

    public static <A> A of(Class<A> type, Map<String, Object> overrides) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, (proxy, method, args) -> {
            if (overrides.containsKey(method.getName())) {
                return overrides.get(method.getName());
            }
            if (method.getDefaultValue() != null) {
                return method.getDefaultValue();
            }
            return switch (method.getName()) {
                case "annotationType" -> type;
                case "toString" -> type.getSimpleName() + overrides.keySet();
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default -> throw new IllegalStateException(method.getName() + " of " + type.getName() + " has no default");
            };
        }));
    }
}
