package org.dtp.rest;

import org.junit.Test;

import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.core.UriInfo;
import java.lang.annotation.Annotation;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;

import static org.junit.Assert.assertTrue;

public class CrossSiteRequestFilterTest {
    private final CrossSiteRequestFilter filter = new CrossSiteRequestFilter(config("https://portal.example.org"));

    private static CrossSiteRequestFilter.Config config(String... origins) {
        return new CrossSiteRequestFilter.Config() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return CrossSiteRequestFilter.Config.class;
            }

            @Override
            public String[] allowedOrigins() {
                return origins;
            }
        };
    }

    /** A request to this server at 127.0.0.1:8181 with the given method, path and headers (name, value, ...). */
    private static ContainerRequestContext request(String method, String path, String... headers) {
        Map<String, String> named = new HashMap<>();
        named.put("Host", "127.0.0.1:8181");
        for (int i = 0; i < headers.length; i += 2) {
            named.put(headers[i], headers[i + 1]);
        }
        UriInfo uri = (UriInfo) Proxy.newProxyInstance(CrossSiteRequestFilterTest.class.getClassLoader(),
                new Class<?>[]{UriInfo.class}, (p, m, a) -> m.getName().equals("getPath") ? path : null);
        return (ContainerRequestContext) Proxy.newProxyInstance(CrossSiteRequestFilterTest.class.getClassLoader(),
                new Class<?>[]{ContainerRequestContext.class}, (p, m, a) -> switch (m.getName()) {
                    case "getMethod" -> method;
                    case "getHeaderString" -> named.get((String) a[0]);
                    case "getUriInfo" -> uri;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    @Test
    public void aFormPostFromAnotherSiteIsRefused() {
        Problem refused = Problems.expect(403, () -> filter.filter(request("POST", "api/v1/transfers/x/resume",
                "Origin", "http://evil.example", "Content-Type", "application/x-www-form-urlencoded")));

        assertTrue(refused.detail(), refused.detail().contains("http://evil.example"));
    }

    @Test
    public void aForeignRefererCountsWhenThereIsNoOrigin() {
        Problems.expect(403, () -> filter.filter(request("DELETE", "api/v1/tokens/t",
                "Referer", "https://evil.example/page.html")));
    }

    @Test
    public void anOpaqueNullOriginIsRefused() {
        Problems.expect(403, () -> filter.filter(request("POST", "api/v1/transfers/x/cancel", "Origin", "null")));
    }

    @Test
    public void aFormBodyWithoutAnyOriginIsRefusedOutsideTheCancelLinks() {
        Problems.expect(403, () -> filter.filter(request("POST", "api/v1/transfers/x/pause",
                "Content-Type", "text/plain;charset=UTF-8")));
        filter.filter(request("POST", "api/v1/cancellations/token", "Content-Type", "application/x-www-form-urlencoded",
                "Origin", "http://127.0.0.1:8181"));
    }

    @Test
    public void theServersOwnPagesAnAllowedOriginAndClientsWithoutOriginPass() {
        filter.filter(request("POST", "api/v1/transfers", "Origin", "http://127.0.0.1:8181", "Content-Type", "application/json"));
        filter.filter(request("POST", "api/v1/transfers", "Referer", "http://127.0.0.1:8181/portal/", "Content-Type", "application/json"));
        filter.filter(request("POST", "api/v1/transfers", "Origin", "https://portal.example.org", "Content-Type", "application/json"));
        filter.filter(request("POST", "api/v1/transfers/x/pause"));
        filter.filter(request("GET", "api/v1/transfers", "Origin", "http://evil.example"));
    }

    @Test
    public void anotherPortOfTheSameHostIsAnotherSite() {
        Problems.expect(403, () -> filter.filter(request("POST", "api/v1/transfers/x/resume", "Origin", "http://127.0.0.1:9999")));
    }
}
