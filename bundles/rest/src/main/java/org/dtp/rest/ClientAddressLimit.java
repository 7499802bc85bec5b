package org.dtp.rest;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Holds each client address to a number of API requests at once, so that one client cannot take every thread of
 * the HTTP service (with slow bodies, or just many requests); beyond it a request is answered 429 at once, before
 * its body is read. A servlet filter in front of the JAX-RS application, because the application's own filters run
 * only after the body has been taken in. Streams of server-sent events end their request once they are set up, so
 * a followed transfer does not hold a place here.
 */
@Component(service = Filter.class, configurationPid = ClientAddressLimit.PID, property = {
    "osgi.http.whiteboard.filter.pattern=/api/*",
    "osgi.http.whiteboard.filter.name=dtp-client-address-limit",
    // The event streams are asynchronous requests: every filter before them must allow that.
    "osgi.http.whiteboard.filter.asyncSupported=true",
    "osgi.http.whiteboard.context.select=(osgi.http.whiteboard.context.name=default)"
})
@Designate(ocd = ClientAddressLimit.Config.class)
public final class ClientAddressLimit implements Filter {
    public static final String PID = "org.dtp.rest.clients";
    /** The request attribute (a JAX-RS request property) that holds the client's address, for the login throttle. */
    static final String CLIENT_ADDRESS = "org.dtp.rest.clientAddress";

    @ObjectClassDefinition(name = "dtp REST API requests per client address",
            description = "How many API requests one client address may have in progress at once.")
    public @interface Config {
        @AttributeDefinition(name = "Requests at once per address", description = "Beyond it, 429. Behind a proxy every "
                + "client has the proxy's address: raise it there, or let the proxy limit its clients. 0: no limit.")
        int maxRequestsPerAddress() default 32;
    }

    private final ConcurrentMap<String, Integer> inProgress = new ConcurrentHashMap<>();
    private volatile int max;

    @Activate
    public ClientAddressLimit(Config config) {
        modified(config);
    }

    @Modified
    void modified(Config config) {
        this.max = config.maxRequestsPerAddress();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException {
        request.setAttribute(CLIENT_ADDRESS, request.getRemoteAddr());
        int limit = max;
        if (limit <= 0) {
            chain.doFilter(request, response);
            return;
        }
        String address = request.getRemoteAddr();
        if (!enter(address, limit)) {
            refuse((HttpServletResponse) response, limit);
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            // The entry goes when its count reaches 0, so the map holds only addresses with requests in progress.
            inProgress.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
        }
    }

    /** Takes a place for {@code address}; false when it already has {@code limit}. */
    boolean enter(String address, int limit) {
        boolean[] entered = {false};
        inProgress.compute(address, (a, n) -> {
            int now = n == null ? 0 : n;
            entered[0] = now < limit;
            return entered[0] ? now + 1 : now;
        });
        return entered[0];
    }

    /** Requests in progress from {@code address}. */
    int inProgress(String address) {
        return inProgress.getOrDefault(address, 0);
    }

    private static void refuse(HttpServletResponse response, int limit) throws IOException {
        response.setStatus(429);
        response.setHeader("Retry-After", "1");
        response.setContentType(Problem.MEDIA_TYPE);
        String body = "{\"type\":\"" + Problem.LIMIT_REACHED + "\",\"title\":\"Too many requests at once\",\"status\":429,"
                + "\"detail\":\"This address has " + limit + " requests in progress; wait for them to end.\"}";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
