package org.dtp.shell;

import org.apache.karaf.shell.api.console.Session;

import java.lang.reflect.Proxy;

/** Karaf shell sessions for command tests. */
final class Sessions {
    private Sessions() {
    }

    /** A session whose person types {@code answer} at every masked prompt (readLine with a mask character). */
    static Session answering(String answer) {
        return (Session) Proxy.newProxyInstance(Sessions.class.getClassLoader(), new Class<?>[]{Session.class}, (p, m, a) -> {
            if (m.getName().equals("readLine") && a.length == 2 && a[1] != null) {
                return answer;
            }
            throw new UnsupportedOperationException(m.getName());
        });
    }
}
