package org.dtp.adapters.twitter;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.MediaRef;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Exports an X user's posts (https://docs.x.com/x-api/users/get-posts): the root is one feed, the user's timeline
 * ({@code @username}); its pages are {@code GET /2/users/:id/tweets} followed by {@code pagination_token} =
 * {@code meta.next_token}, each post with its text, time, language, the post it answers ({@code replied_to}) or
 * reposts ({@code retweeted}), hashtags, mentions and its photos and videos as media references. Export only: X's API
 * does not let an application recreate a person's posts with their original times for this purpose.
 */
@Component(service = Exporter.class, property = {
        AdapterProperties.PROVIDER + "=" + TwitterConnector.PROVIDER,
        AdapterProperties.PROVIDER_NAME + "=X (Twitter)",
        AdapterProperties.VERTICAL + "=SOCIAL"})
public final class TwitterSocialExporter implements Exporter<SocialFeed, SocialPost> {
    private final TwitterConnector connector;

    @Activate
    public TwitterSocialExporter(@Reference TwitterConnector connector) {
        this.connector = connector;
    }

    @Override
    public void release(TransferEndpoint source) throws AdapterException {
        connector.revoke(source);
    }

    /** The account as the X user's id ({@code GET /2/users/me}): stable, not secret, the same for both exporters. */
    @Override
    public Optional<String> accountId(TransferContext context) throws AdapterException {
        return Optional.of(connector.me(context).id());
    }

    @Override
    public ExportPage<SocialFeed, SocialPost> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        TwitterConnector.User user = connector.me(context);
        if (cursor.isRoot()) {
            return new ExportPage<>(List.of(new SocialFeed(user.id(), "@" + user.username())), List.of(), null);
        }
        if (!cursor.containerId().equals(user.id())) {
            throw new AdapterException("the feed " + cursor.containerId() + " is not the signed-in X user's");
        }
        TwitterConnector.Tweets page = connector.tweets(context, user.id(), cursor.continuation());
        List<SocialPost> posts = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (JsonNode tweet : page.tweets()) {
            String id = tweet.path("id").asText("");
            if (!id.matches("[0-9]+")) {
                rejected.add(new ExportPage.Rejected(id.isEmpty() ? "(no id)" : id, "X gave a post without a usable id"));
                continue;
            }
            List<MediaRef> attachments = new ArrayList<>();
            for (JsonNode media : Posts.mediaOf(tweet, page.media())) {
                MediaRef file = Posts.file(media);
                if (file != null) {
                    attachments.add(file);
                }
            }
            List<String> hashtags = new ArrayList<>();
            tweet.path("entities").path("hashtags").forEach(h -> hashtags.add(h.path("tag").asText()));
            List<String> mentions = new ArrayList<>();
            tweet.path("entities").path("mentions").forEach(m -> mentions.add(m.path("username").asText()));
            posts.add(new SocialPost(id, "@" + user.username(), tweet.path("text").asText(""), instant(tweet.path("created_at").asText(null)),
                    "https://x.com/" + user.username() + "/status/" + id, tweet.path("lang").asText(null),
                    referenced(tweet, "replied_to"), referenced(tweet, "retweeted"), hashtags, mentions, null, attachments));
        }
        return new ExportPage<SocialFeed, SocialPost>(List.of(), posts, page.nextToken()).withRejected(rejected);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        return connector.download(ref.uri());
    }

    private static String referenced(JsonNode tweet, String type) {
        for (JsonNode ref : tweet.path("referenced_tweets")) {
            if (type.equals(ref.path("type").asText())) {
                return ref.path("id").asText(null);
            }
        }
        return null;
    }

    static Instant instant(String text) {
        try {
            return text == null ? null : Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
