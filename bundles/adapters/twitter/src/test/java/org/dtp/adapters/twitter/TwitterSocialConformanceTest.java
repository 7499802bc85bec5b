package org.dtp.adapters.twitter;

import org.dtp.conformance.AdapterConformanceTest;
import org.dtp.conformance.SampleData;
import org.dtp.models.Vertical;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.spi.Exporter;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.Before;

import java.io.IOException;
import java.util.List;

/**
 * The SPI conformance kit on the X posts exporter against the fake X: the fake holds one user, so each test has an X
 * of its own, filled through the fake (export only); five posts a page, the fewest X gives.
 */
public class TwitterSocialConformanceTest extends AdapterConformanceTest<SocialFeed, SocialPost> {
    /** X numbers posts by time; the samples get ids below this one, newest first. */
    private static final long FIRST_POST_ID = 1_800_000_000_000_000_100L;
    private Fixture f;

    @Before
    public void startFake() throws IOException {
        f = new Fixture();
    }

    @After
    public void stopFake() {
        f.close();
    }

    @Override
    protected Vertical vertical() {
        return Vertical.SOCIAL;
    }

    @Override
    protected TransferEndpoint newAccount() {
        return f.endpoint(f.fake.issueTokens());
    }

    /** An X account has one feed, its timeline: every sample post is in it. */
    @Override
    protected SampleData<SocialFeed, SocialPost> samples() {
        return SampleData.<SocialFeed, SocialPost>of(Vertical.SOCIAL).in(new SocialFeed(f.fake.userId, "@" + f.fake.username));
    }

    /** The posts with their text, time and language, newest first as X lists them: the kit tells posts by their text. */
    @Override
    protected void seed(TransferEndpoint account, SampleData<SocialFeed, SocialPost> data) {
        List<SocialPost> newestFirst = data.items().stream()
                .sorted((a, b) -> b.publishedAt().compareTo(a.publishedAt())).toList();
        for (int i = 0; i < newestFirst.size(); i++) {
            SocialPost post = newestFirst.get(i);
            f.fake.post(String.valueOf(FIRST_POST_ID - i), post.text(), post.publishedAt().toString(), post.language());
        }
    }

    @Override
    protected Exporter<SocialFeed, SocialPost> newExporter() {
        return new TwitterSocialExporter(f.connector(5));
    }
}
