package org.dtp.adapters.archives.x;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.adapters.archives.social.ArchiveIndex;
import org.dtp.adapters.archives.social.ArchiveIndex.Located;
import org.dtp.adapters.archives.social.JsonRecords;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The full texts of an X archive's long posts ("note tweets", longer than 280 characters): {@code data/note-tweet.js},
 * {@code window.YTD.note_tweet.part0 = [{"noteTweet": {"noteTweetId", "createdAt", "updatedAt", "core": {"text",
 * "urls": [{"shortUrl", "expandedUrl"}], "mentions": [{"screenName"}], "hashtags": [{"text"}], ...}}}]}. The posts
 * file holds such a post cut short (its {@code full_text} ending in "…", often followed by a link to the post) and
 * names no note: a note is a post's when both were created in the same second (give or take one) and the note's text
 * begins with the post's up to the cut, links expanded on both sides (the two carry different t.co addresses for
 * one link) and, for a reply, without its leading {@code @mentions}, which the note's text leaves out. A post is
 * taken for cut only when it ends in the ellipsis (a link after it aside), and the note must be longer.
 *
 * <p>Held in memory for the job, by second: the long posts only, a small part of an archive; at most
 * {@value #MAX_CHARS} characters of notes (past that, the posts keep their cut text). A note file that cannot be read
 * to its end gives the notes read before the fault.
 */
final class XNoteTweets {
    static final XNoteTweets NONE = new XNoteTweets(Map.of());

    private static final Pattern NOTES = Pattern.compile("(?:.*/)?data/note-tweets?(?:-part\\d+)?\\.js");
    /** A reply's leading mentions, which a note's text does not repeat. */
    private static final Pattern LEADING_MENTIONS = Pattern.compile("^(?:@\\w+\\s+)+");
    /** What follows the cut: the ellipsis, then maybe a link (to the post itself, expanded or not). */
    private static final Pattern CUT = Pattern.compile("\\s*(?:…|\\.\\.\\.)\\s*(?:https?://\\S+)?\\s*$");
    /** Characters of notes held at most (two bytes each): 32 MiB. */
    static final long MAX_CHARS = 16L * 1024 * 1024;
    private static final Pattern SPACES = Pattern.compile("\\s+");

    /** One long post's text, links expanded, and the hashtags and mentions the note names. */
    record Note(String text, List<String> hashtags, List<String> mentions) {
    }

    private final Map<Long, List<Note>> bySecond;

    private XNoteTweets(Map<Long, List<Note>> bySecond) {
        this.bySecond = bySecond;
    }

    /** The notes of every note file in {@code index}; {@link #NONE} when it has none. */
    static XNoteTweets read(ArchiveIndex index) throws IOException {
        Map<Long, List<Note>> bySecond = new HashMap<>();
        long chars = 0;
        for (Located file : index.matching(name -> NOTES.matcher(name).matches())) {
            try (JsonRecords records = JsonRecords.open(ArchiveIndex.open(file))) {
                for (JsonNode record = records.next(); record != null && chars < MAX_CHARS; record = records.next()) {
                    JsonNode note = record.path("noteTweet");
                    Instant created = instant(note.path("createdAt").asText(null));
                    JsonNode core = note.path("core");
                    String text = core.path("text").asText(null);
                    if (created == null || text == null) {
                        continue; // nothing to join a post on
                    }
                    for (JsonNode url : core.path("urls")) {
                        String shortUrl = url.path("shortUrl").asText("");
                        String expanded = url.path("expandedUrl").asText("");
                        if (!shortUrl.isEmpty() && !expanded.isEmpty()) {
                            text = text.replace(shortUrl, expanded);
                        }
                    }
                    List<String> hashtags = new ArrayList<>();
                    core.path("hashtags").forEach(tag -> addIfAny(hashtags, tag.path("text").asText("")));
                    List<String> mentions = new ArrayList<>();
                    core.path("mentions").forEach(mention -> addIfAny(mentions, mention.path("screenName").asText("")));
                    bySecond.computeIfAbsent(created.getEpochSecond(), s -> new ArrayList<>(1))
                            .add(new Note(text, List.copyOf(hashtags), List.copyOf(mentions)));
                    chars += text.length();
                }
            } catch (IOException e) {
                // A broken note file costs the notes after the fault, not the export: those posts keep their cut text.
            }
        }
        return bySecond.isEmpty() ? NONE : new XNoteTweets(bySecond);
    }

    /**
     * The note of the post created at {@code created} whose text, links expanded and the media's links taken out, is
     * {@code text} ({@code reply}: the post answers another, so its text may start with mentions the note leaves
     * out); null when none is.
     */
    Note of(Instant created, String text, boolean reply) {
        Matcher cut = CUT.matcher(text);
        if (created == null || bySecond.isEmpty() || !cut.find()) {
            return null;
        }
        String before = text.substring(0, cut.start());
        List<String> prefixes = new ArrayList<>(List.of(comparable(before)));
        if (reply) {
            prefixes.add(comparable(before.substring(leadingMentions(before).length())));
        }
        long second = created.getEpochSecond();
        for (long at : new long[]{second, second - 1, second + 1}) {
            for (Note note : bySecond.getOrDefault(at, List.of())) {
                String noteText = comparable(note.text());
                for (String prefix : prefixes) {
                    if (!prefix.isEmpty() && noteText.length() > prefix.length() && noteText.startsWith(prefix)) {
                        return note;
                    }
                }
            }
        }
        return null;
    }

    /** The leading mentions of a post's text, kept before its note's text when the note does not start with them. */
    static String leadingMentions(String text) {
        Matcher matcher = LEADING_MENTIONS.matcher(text);
        return matcher.find() ? matcher.group() : "";
    }

    private static void addIfAny(List<String> names, String name) {
        if (!name.isBlank()) {
            names.add(name);
        }
    }

    /** Spaces as one, and the HTML escapes the posts file uses undone, so that only the words are compared. */
    private static String comparable(String text) {
        return SPACES.matcher(XPosts.unescape(text)).replaceAll(" ").strip();
    }

    private static Instant instant(String text) {
        try {
            return text == null ? null : Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
