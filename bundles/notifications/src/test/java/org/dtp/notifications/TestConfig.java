package org.dtp.notifications;

import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;

/** A {@link NotificationsConfig} with the annotation's defaults except the given values, as Config Admin gives it. */
final class TestConfig {
    private final Map<String, Object> values = new HashMap<>();

    TestConfig set(String method, Object value) {
        values.put(method, value);
        return this;
    }

    NotificationsConfig build() {
        Map<String, Object> copy = Map.copyOf(values);
        return (NotificationsConfig) Proxy.newProxyInstance(NotificationsConfig.class.getClassLoader(),
                new Class<?>[]{NotificationsConfig.class}, (proxy, method, args) -> {
                    if (method.getName().equals("annotationType")) {
                        return NotificationsConfig.class;
                    }
                    return copy.getOrDefault(method.getName(), method.getDefaultValue());
                });
    }
}
