package org.dtp.spi.http;

import org.junit.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;

import static org.junit.Assert.assertEquals;

public class RetryAfterTest {
    private final Clock clock = Clock.fixed(Instant.parse("2015-10-21T07:28:00Z"), ZoneOffset.UTC);

    @Test
    public void secondsAreSeconds() {
        assertEquals(Optional.of(Duration.ofSeconds(120)), RetryAfter.parse(" 120 ", clock));
    }

    @Test
    public void anHttpDateIsMeasuredFromNow() {
        assertEquals(Optional.of(Duration.ofSeconds(30)), RetryAfter.parse("Wed, 21 Oct 2015 07:28:30 GMT", clock));
    }

    @Test
    public void aDateInThePastMeansNow() {
        assertEquals(Optional.of(Duration.ZERO), RetryAfter.parse("Wed, 21 Oct 2015 07:00:00 GMT", clock));
    }

    @Test
    public void hugeValuesAreCappedAtADay() {
        assertEquals(Optional.of(RetryAfter.LONGEST), RetryAfter.parse("99999999999999999999", clock));
        assertEquals(Optional.of(RetryAfter.LONGEST), RetryAfter.parse("864000", clock));
    }

    @Test
    public void anythingElseIsIgnored() {
        assertEquals(Optional.empty(), RetryAfter.parse("soon", clock));
        assertEquals(Optional.empty(), RetryAfter.parse("-5", clock));
        assertEquals(Optional.empty(), RetryAfter.parse(null, clock));
    }
}
