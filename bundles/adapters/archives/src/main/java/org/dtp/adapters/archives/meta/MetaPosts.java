package org.dtp.adapters.archives.meta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.adapters.archives.social.ArchiveIndex;
import org.dtp.adapters.archives.social.ArchiveIndex.Located;
import org.dtp.adapters.archives.social.PostArchive;
import org.dtp.models.MediaRef;
import org.dtp.models.media.GeoLocation;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The posts of a Meta (Facebook) archive: {@code your_posts__check_ins__photos_and_videos_1.json} (older
 * {@code your_posts_1.json}), arrays of {@code {timestamp, data: [{post}], attachments: [{data: [{media} | {place}
 * | {external_context} ...]}], tags, title}}. A post's text is its {@code post} entries, its media the files its
 * attachments name; a place with coordinates is its location. Meta gives posts no id, so a post's id is made of its
 * time and a digest of its text and media, the same in every download of the same account.
 */
final class MetaPosts implements PostArchive {
    /** A profile file is a few KB. */
    private static final long MAX_PROFILE_BYTES = 1024 * 1024;
    private final ObjectMapper json = new ObjectMapper();

    @Override
    public List<Located> postFiles(ArchiveIndex index) {
        return MetaLayout.postFiles(index);
    }

    @Override
    public String[] postsField() {
        return new String[0];
    }

    @Override
    public Reading read(ArchiveIndex index) throws IOException {
        SocialFeed feed = feed(index);
        return new Reading(feed, (record, file) -> map(record, file, feed, index));
    }

    private SocialFeed feed(ArchiveIndex index) throws IOException {
        Located profile = MetaLayout.profile(index);
        String name = null;
        if (profile != null && profile.size() <= MAX_PROFILE_BYTES) {
            try (InputStream in = ArchiveIndex.open(profile)) {
                JsonNode root = json.readTree(in);
                JsonNode person = root.has("profile_v2") ? root.path("profile_v2") : root.path("profile");
                name = MetaText.text(person.path("name"), "full_name");
            }
        }
        return new SocialFeed("facebook", name == null ? "Facebook" : name);
    }

    private Mapped map(JsonNode record, Located postsFile, SocialFeed feed, ArchiveIndex index) {
        if (!record.path("timestamp").canConvertToLong()) {
            return Mapped.rejected(null, "a post without a timestamp");
        }
        Instant published = Instant.ofEpochSecond(record.path("timestamp").asLong());
        List<String> texts = new ArrayList<>();
        record.path("data").forEach(data -> {
            String post = MetaText.text(data, "post");
            if (post != null) {
                texts.add(post);
            }
        });
        String text = texts.isEmpty() ? null : String.join("\n\n", texts);
        List<MediaRef> attachments = new ArrayList<>();
        List<NotKept> notKept = new ArrayList<>();
        GeoLocation location = null;
        for (JsonNode attachment : record.path("attachments")) {
            for (JsonNode data : attachment.path("data")) {
                if (data.has("media")) {
                    JsonNode media = data.path("media");
                    String uri = MetaText.text(media, "uri");
                    Located file = MetaLayout.media(index, postsFile, uri);
                    if (file != null) {
                        attachments.add(ArchiveIndex.ref(file));
                    } else {
                        notKept.add(new NotKept("attachments", "'" + uri + "' is not in the archive"));
                    }
                    String caption = MetaText.text(media, "description");
                    if (caption != null && (text == null || !text.contains(caption))) {
                        notKept.add(new NotKept("attachments", "the caption of '" + uri + "' (" + caption
                                + "): the social model has none for an attachment"));
                    }
                } else if (data.has("place")) {
                    JsonNode place = data.path("place");
                    JsonNode at = place.path("coordinate");
                    if (at.path("latitude").isNumber() && at.path("longitude").isNumber()) {
                        location = new GeoLocation(at.path("latitude").asDouble(), at.path("longitude").asDouble(), null);
                    }
                    String name = MetaText.text(place, "name");
                    if (name != null) {
                        notKept.add(new NotKept("place", "the place's name '" + name + "': the social model keeps its coordinates only"));
                    }
                } else {
                    data.fieldNames().forEachRemaining(kind -> notKept.add(new NotKept(kind,
                            "an attachment of kind '" + kind + "' (" + attachmentText(data.path(kind))
                                    + "): the social model has no field for it")));
                }
            }
        }
        List<String> tagged = new ArrayList<>();
        record.path("tags").forEach(tag -> {
            String name = tag.isTextual() ? MetaText.fix(tag.asText()) : MetaText.text(tag, "name");
            if (name != null) {
                tagged.add(name);
            }
        });
        if (!tagged.isEmpty()) {
            notKept.add(new NotKept("tags", "people tagged (" + String.join(", ", tagged)
                    + "): names, not the handles the social model's mentions are"));
        }
        SocialPost post = SocialPost.builder()
                .id("facebook:" + published.getEpochSecond() + ":" + digest(text, attachments))
                .author(feed.name())
                .text(text)
                .publishedAt(published)
                .location(location)
                .attachments(attachments)
                .build();
        return Mapped.post(post, notKept);
    }

    private static String attachmentText(JsonNode value) {
        if (value.isTextual()) {
            return MetaText.fix(value.asText());
        }
        String url = MetaText.text(value, "url");
        return url != null ? url : MetaText.fix(value.toString());
    }

    private static String digest(String text, List<MediaRef> attachments) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((text == null ? "" : text).getBytes(StandardCharsets.UTF_8));
            for (MediaRef ref : attachments) {
                sha.update((byte) 0);
                sha.update(ref.uri().substring(ref.uri().indexOf('!') + 1).getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }
}
