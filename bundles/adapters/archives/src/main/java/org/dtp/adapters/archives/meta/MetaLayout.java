package org.dtp.adapters.archives.meta;

import org.dtp.adapters.archives.social.ArchiveIndex;
import org.dtp.adapters.archives.social.ArchiveIndex.Located;

import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where Meta's "Download your information" (JSON) puts things, in the three layouts seen since 2019 (see the README):
 * {@code your_facebook_activity/posts/} (2024 on), {@code your_activity_across_facebook/posts/} (2022-2023) and
 * {@code posts/} with {@code photos_and_videos/} (before), each possibly under a top folder the archive was made
 * with. A file's JSON names media by their path from the export's root ({@code uri}), found in the archive under
 * the same top folder as the file naming them.
 */
final class MetaLayout {
    /** Group 1 is the top folder ("" when none), group 2 the file's number in its series. */
    private static final Pattern POSTS = Pattern.compile(
            "(.*?)(?:your_facebook_activity/|your_activity_across_facebook/)?posts/your_posts(?:__check_ins__photos_and_videos)?_(\\d+)\\.json");
    private static final Pattern ALBUM = Pattern.compile(
            "(.*?)(?:your_facebook_activity/|your_activity_across_facebook/)?(?:posts|photos_and_videos)/album/(\\d+)\\.json");
    /** Videos, and photos in no album (2022 on); older exports list videos only, under photos_and_videos/. */
    private static final Pattern LOOSE_MEDIA = Pattern.compile(
            "(.*?)(?:your_facebook_activity/|your_activity_across_facebook/)?(?:posts|photos_and_videos)/(your_videos|your_uncategorized_photos)\\.json");
    private static final Pattern PROFILE = Pattern.compile(
            "(.*?)(?:personal_information/)?profile_information/profile_information\\.json");

    private MetaLayout() {
    }

    static List<Located> postFiles(ArchiveIndex index) {
        return numbered(index, POSTS);
    }

    static List<Located> albumFiles(ArchiveIndex index) {
        return numbered(index, ALBUM);
    }

    static List<Located> looseMediaFiles(ArchiveIndex index) {
        return index.matching(name -> LOOSE_MEDIA.matcher(name).matches());
    }

    static Located profile(ArchiveIndex index) {
        List<Located> found = index.matching(name -> PROFILE.matcher(name).matches());
        return found.isEmpty() ? null : found.get(0);
    }

    /** The media a file names by {@code uri}, looked up under that file's top folder; null when not in the archive. */
    static Located media(ArchiveIndex index, Located namedIn, String uri) {
        if (uri == null || uri.contains("://")) {
            return null;
        }
        String top = topFolder(namedIn.entry());
        Located found = index.find(top + uri);
        return found != null ? found : index.find(uri);
    }

    private static String topFolder(String entry) {
        for (Pattern pattern : List.of(POSTS, ALBUM, LOOSE_MEDIA, PROFILE)) {
            Matcher matcher = pattern.matcher(entry);
            if (matcher.matches()) {
                return matcher.group(1);
            }
        }
        return "";
    }

    /** The files of a numbered series in the order of their numbers ({@code _2} before {@code _10}), then of the archive. */
    private static List<Located> numbered(ArchiveIndex index, Pattern pattern) {
        return index.matching(name -> pattern.matcher(name).matches()).stream()
                .sorted(Comparator.comparingLong((Located file) -> number(pattern, file.entry())))
                .toList();
    }

    private static long number(Pattern pattern, String entry) {
        Matcher matcher = pattern.matcher(entry);
        matcher.matches();
        String digits = matcher.group(2);
        return digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits);
    }
}
