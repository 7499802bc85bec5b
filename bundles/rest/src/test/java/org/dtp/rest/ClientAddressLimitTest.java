package org.dtp.rest;

import org.junit.Test;

import javax.servlet.FilterChain;
import javax.servlet.ServletOutputStream;
import javax.servlet.ServletRequest;
import javax.servlet.WriteListener;
import javax.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class ClientAddressLimitTest {
    private static ClientAddressLimit.Config max(int requests) {
        return new ClientAddressLimit.Config() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return ClientAddressLimit.Config.class;
            }

            @Override
            public int maxRequestsPerAddress() {
                return requests;
            }
        };
    }

    private static ServletRequest from(String address) {
        return (ServletRequest) Proxy.newProxyInstance(ClientAddressLimitTest.class.getClassLoader(),
                new Class<?>[]{ServletRequest.class}, (p, m, a) -> m.getName().equals("getRemoteAddr") ? address : null);
    }

    /** A response that records its status, headers and body. */
    private static final class Answer {
        final Map<String, Object> seen = new HashMap<>();
        final ByteArrayOutputStream body = new ByteArrayOutputStream();

        HttpServletResponse response() {
            ServletOutputStream out = new ServletOutputStream() {
                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                }

                @Override
                public void write(int b) {
                    body.write(b);
                }
            };
            return (HttpServletResponse) Proxy.newProxyInstance(ClientAddressLimitTest.class.getClassLoader(),
                    new Class<?>[]{HttpServletResponse.class}, (p, m, a) -> switch (m.getName()) {
                        case "getOutputStream" -> out;
                        case "setStatus", "setContentType", "setContentLength" -> {
                            seen.put(m.getName(), a[0]);
                            yield null;
                        }
                        case "setHeader" -> {
                            seen.put((String) a[0], a[1]);
                            yield null;
                        }
                        default -> null;
                    });
        }
    }

    @Test
    public void anAddressAtItsLimitIsAnswered429AtOnceAndOthersAreNotTouched() throws Exception {
        ClientAddressLimit limit = new ClientAddressLimit(max(2));
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch inside = new CountDownLatch(2);
        FilterChain stalled = (req, res) -> {
            inside.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        Thread[] holders = new Thread[2];
        for (int i = 0; i < holders.length; i++) {
            holders[i] = new Thread(() -> {
                try {
                    limit.doFilter(from("10.0.0.1"), new Answer().response(), stalled);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            holders[i].start();
        }
        inside.await();

        Answer refused = new Answer();
        AtomicInteger served = new AtomicInteger();
        limit.doFilter(from("10.0.0.1"), refused.response(), (req, res) -> served.incrementAndGet());
        limit.doFilter(from("10.0.0.2"), new Answer().response(), (req, res) -> served.incrementAndGet());

        assertEquals(429, refused.seen.get("setStatus"));
        assertEquals(Problem.MEDIA_TYPE, refused.seen.get("setContentType"));
        assertTrue(refused.body.toString(StandardCharsets.UTF_8).contains(Problem.LIMIT_REACHED));
        assertEquals(1, served.get());

        release.countDown();
        for (Thread holder : holders) {
            holder.join();
        }
        assertEquals(0, limit.inProgress("10.0.0.1"));
        limit.doFilter(from("10.0.0.1"), new Answer().response(), (req, res) -> served.incrementAndGet());
        assertEquals(2, served.get());
    }

    @Test
    public void aPlaceIsGivenBackWhenTheRequestFails() throws Exception {
        ClientAddressLimit limit = new ClientAddressLimit(max(1));
        try {
            limit.doFilter(from("10.0.0.3"), new Answer().response(), (req, res) -> {
                throw new java.io.IOException("client went away");
            });
        } catch (java.io.IOException expected) {
            // the place must be free all the same
        }

        assertEquals(0, limit.inProgress("10.0.0.3"));
    }
}
