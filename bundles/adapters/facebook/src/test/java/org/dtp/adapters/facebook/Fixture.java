package org.dtp.adapters.facebook;

import org.dtp.adapters.facebook.fake.FakeFacebook;
import org.dtp.adapters.metagraph.fake.OAuthFixture;
import org.dtp.auth.oauth2.OAuth2Provider.ClientAuthentication;
import org.dtp.spi.TransferEndpoint;

import java.lang.annotation.Annotation;
import java.net.URI;
import java.util.List;
import java.util.Map;

/** The Facebook exporter built against a fake Facebook, without a framework: two photos a page. */
final class Fixture {
    private Fixture() {
    }

    static FacebookMediaExporter exporter(FakeFacebook fake) {
        FacebookConfig config = new FacebookConfig() {
            public Class<? extends Annotation> annotationType() { return FacebookConfig.class; }
            public String apiBaseUrl() { return fake.graph.apiBase().toString(); }
            public String[] mediaHosts() { return new String[]{"fbcdn.net"}; }
            public double requestsPerSecond() { return 50; }
            public int pageSize() { return 2; }
            public int throttleWaitSeconds() { return 1; }
            public int requestTimeoutSeconds() { return 10; }
        };
        return new FacebookMediaExporter(new FacebookConnector(config, OAuthFixture.clients("facebook",
                URI.create(fake.graph.root() + "dialog/oauth"), URI.create(fake.graph.apiBase() + "/oauth/access_token"),
                ClientAuthentication.CLIENT_SECRET_POST, List.of("user_photos", "user_videos"))));
    }

    /** The settings a transfer holds for {@code user}'s new token. */
    static TransferEndpoint endpoint(FakeFacebook fake, String user) {
        return new TransferEndpoint("facebook", Map.of("accessToken", fake.graph.issueToken(user)));
    }
}
