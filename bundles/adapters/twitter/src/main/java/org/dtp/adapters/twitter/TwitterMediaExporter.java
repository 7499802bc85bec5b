package org.dtp.adapters.twitter;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Exports the photos, videos and GIFs of an X user's posts as one album, "Media of @username": its pages are the pages
 * of {@code GET /2/users/:id/tweets} (posts without media add nothing), each file with the post's text as its
 * description, its {@code alt_text} as title, the post's time and its size; a video is its best mp4 variant. Export only.
 */
@Component(service = Exporter.class, property = {
        AdapterProperties.PROVIDER + "=" + TwitterConnector.PROVIDER,
        AdapterProperties.PROVIDER_NAME + "=X (Twitter)",
        AdapterProperties.VERTICAL + "=MEDIA"})
public final class TwitterMediaExporter implements Exporter<PhotoAlbum, MediaItem> {
    private final TwitterConnector connector;

    @Activate
    public TwitterMediaExporter(@Reference TwitterConnector connector) {
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
    public ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        TwitterConnector.User user = connector.me(context);
        if (cursor.isRoot()) {
            return new ExportPage<>(List.of(new PhotoAlbum(user.id(), "Media of @" + user.username(),
                    "Photos and videos of @" + user.username() + "'s posts on X")), List.of(), null);
        }
        if (!cursor.containerId().equals(user.id())) {
            throw new AdapterException("the album " + cursor.containerId() + " is not the signed-in X user's");
        }
        TwitterConnector.Tweets page = connector.tweets(context, user.id(), cursor.continuation());
        List<MediaItem> items = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (JsonNode tweet : page.tweets()) {
            String tweetId = tweet.path("id").asText("");
            for (JsonNode media : Posts.mediaOf(tweet, page.media())) {
                String key = media.path("media_key").asText("");
                MediaRef file = Posts.file(media);
                if (file == null || !key.matches("[0-9A-Za-z_]+")) {
                    rejected.add(new ExportPage.Rejected(tweetId + "/" + key, "X gives no file for this " + media.path("type").asText("media")));
                    continue;
                }
                boolean video = file.contentType().startsWith("video/");
                String alt = media.path("alt_text").asText("");
                items.add(MediaItem.builder()
                        .id(tweetId + "/" + key)
                        .kind(video ? MediaKind.VIDEO : MediaKind.PHOTO)
                        .fileName(key + (video ? ".mp4" : file.contentType().equals("image/png") ? ".png" : ".jpg"))
                        .title(alt.isEmpty() ? null : alt)
                        .description(tweet.path("text").asText(null))
                        .takenAt(TwitterSocialExporter.instant(tweet.path("created_at").asText(null)))
                        .width(media.path("width").isInt() ? media.path("width").asInt() : null)
                        .height(media.path("height").isInt() ? media.path("height").asInt() : null)
                        .content(file)
                        .build());
            }
        }
        return new ExportPage<PhotoAlbum, MediaItem>(List.of(), items, page.nextToken()).withRejected(rejected);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        return connector.download(ref.uri());
    }
}
