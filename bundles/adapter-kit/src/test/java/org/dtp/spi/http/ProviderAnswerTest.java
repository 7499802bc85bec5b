package org.dtp.spi.http;

import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

public class ProviderAnswerTest {
    private static final HttpHeaders HEADERS = HttpHeaders.of(Map.of("X-Rate-Limit-Reset", List.of("1700000000")),
            (name, value) -> true);
    private static final URI SECRET = URI.create("https://api.example/v1/items?access_token=s3cret#frag");

    @Test
    public void aBodyIsKeptOnlyUpToTheBound() {
        byte[] large = new byte[ProviderAnswer.MAX_BODY_BYTES * 3];
        ProviderAnswer answer = new ProviderAnswer("GET", SECRET, 500, HEADERS, large);
        assertEquals(ProviderAnswer.MAX_BODY_BYTES, answer.body().length);
    }

    @Test
    public void aStreamIsReadOnlyUpToTheBound() {
        ByteArrayInputStream in = new ByteArrayInputStream(new byte[ProviderAnswer.MAX_BODY_BYTES + 10]);
        ProviderAnswer answer = ProviderAnswer.read("GET", SECRET, 500, HEADERS, in);
        assertEquals(ProviderAnswer.MAX_BODY_BYTES, answer.body().length);
        assertEquals("what is past the bound is not read", 10, in.available());
    }

    @Test
    public void theAddressKeepsNoQuery() {
        ProviderAnswer answer = new ProviderAnswer("GET", SECRET, 429, HEADERS, "{}".getBytes());
        assertEquals("https://api.example/v1/items", answer.where());
        assertEquals("GET https://api.example/v1/items -> 429", answer.toString());
    }

    @Test
    public void headersAreFoundWhateverTheirCase() {
        ProviderAnswer answer = new ProviderAnswer("GET", SECRET, 200, HEADERS, null);
        assertEquals("1700000000", answer.header("x-rate-limit-reset").orElseThrow());
        assertEquals(0, answer.body().length);
    }
}
