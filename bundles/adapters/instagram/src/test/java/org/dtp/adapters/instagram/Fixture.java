package org.dtp.adapters.instagram;

import org.dtp.adapters.instagram.fake.FakeInstagram;
import org.dtp.adapters.metagraph.fake.OAuthFixture;
import org.dtp.auth.oauth2.OAuth2Provider.ClientAuthentication;
import org.dtp.spi.TransferEndpoint;

import java.lang.annotation.Annotation;
import java.net.URI;
import java.util.List;
import java.util.Map;

/** The Instagram exporter built against a fake Instagram, without a framework: two media a page. */
final class Fixture {
    private Fixture() {
    }

    static InstagramMediaExporter exporter(FakeInstagram fake) {
        InstagramConfig config = new InstagramConfig() {
            public Class<? extends Annotation> annotationType() { return InstagramConfig.class; }
            public String apiBaseUrl() { return fake.graph.apiBase().toString(); }
            public String[] mediaHosts() { return new String[]{"cdninstagram.com"}; }
            public double requestsPerSecond() { return 50; }
            public int pageSize() { return 2; }
            public int throttleWaitSeconds() { return 1; }
            public int requestTimeoutSeconds() { return 10; }
        };
        URI root = URI.create(fake.graph.root());
        return new InstagramMediaExporter(new InstagramConnector(config, OAuthFixture.clients("instagram",
                root.resolve("/oauth/authorize"), root.resolve("/oauth/access_token"), ClientAuthentication.CLIENT_SECRET_POST,
                List.of("instagram_business_basic"))));
    }

    /** The settings a transfer holds for {@code user}'s new token. */
    static TransferEndpoint endpoint(FakeInstagram fake, String user) {
        return new TransferEndpoint("instagram", Map.of("accessToken", fake.graph.issueToken(user)));
    }
}
