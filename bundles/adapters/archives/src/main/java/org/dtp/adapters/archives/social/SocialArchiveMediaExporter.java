package org.dtp.adapters.archives.social;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.EntryNames;
import org.dtp.adapters.archives.social.PostArchive.Mapped;
import org.dtp.adapters.archives.social.PostArchive.NotKept;
import org.dtp.adapters.archives.social.SocialArchiveExport.PostsPage;
import org.dtp.models.MediaRef;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.MediaKind;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The photos and videos of a social archive's posts as a media library, for a photo service or a folder: one album,
 * the feed's, whose items are the posts' media in the posts' order, each with its post's text as its description,
 * its time and place; an item's id is its archive entry. Pages and continuations are the posts'
 * ({@link SocialArchiveExport}), so a page may hold no media. Reported, by the post's id: its media not in the
 * archive, files that are no photo or video (audio), alt texts and marks of sensitive content; what else the social
 * model does not keep of a post is the social export's to report.
 */
public abstract class SocialArchiveMediaExporter implements Exporter<PhotoAlbum, MediaItem> {
    /**
     * What a post's export reports that concerns its media too: media not in the archive and their alt texts, and
     * marks of sensitive content (X's and Mastodon's), which a photo library does not keep either.
     */
    private static final Set<String> OF_THE_MEDIA = Set.of("attachments", "sensitive", "contentWarning");

    private final ArchiveSettings settings;
    private final SocialArchiveExport export;
    private final String albumDescription;

    /**
     * @param scratchName      names what a job keeps of this kind's archive in its scratch
     * @param albumDescription the description of the one album
     */
    protected SocialArchiveMediaExporter(ArchiveSettings settings, PostArchive archive, String scratchName, String albumDescription) {
        this.settings = settings;
        this.export = new SocialArchiveExport(settings, archive, scratchName);
        this.albumDescription = albumDescription;
    }

    @Override
    public final void validate(TransferEndpoint source) throws InvalidEndpointException {
        settings.checkSource(source);
    }

    @Override
    public final ExportPage<PhotoAlbum, MediaItem> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        if (cursor.isRoot()) {
            SocialFeed feed = export.feed(context);
            return new ExportPage<>(List.of(new PhotoAlbum(feed.id(), feed.name(), albumDescription)), List.of(), null);
        }
        PostsPage page = export.posts(context, cursor);
        List<MediaItem> items = new ArrayList<>();
        for (Mapped record : page.posts()) {
            SocialPost post = record.post();
            for (MediaRef media : post.attachments()) {
                String entry = entry(media);
                MediaKind kind = MediaTypes.kindOf(entry);
                if (kind == null) {
                    // An audio attachment (Mastodon's), or a file of no known kind: no photo or video.
                    context.reportNotKept(post.id(), "attachments", "the " + media.contentType() + " file "
                            + EntryNames.fileNameOf(entry) + " is not a photo or a video");
                    continue;
                }
                items.add(MediaItem.builder()
                        .id(entry)
                        .kind(kind)
                        .fileName(EntryNames.fileNameOf(entry))
                        .description(post.text() == null || post.text().isBlank() ? null : post.text())
                        .takenAt(post.publishedAt())
                        .location(post.location())
                        .content(media)
                        .build());
            }
            for (NotKept notKept : record.notKept()) {
                // Media not in the archive whatever the post holds; marks of a post with no media concern none.
                if (notKept.field().equals("attachments") || OF_THE_MEDIA.contains(notKept.field()) && !post.attachments().isEmpty()) {
                    context.reportNotKept(post.id(), notKept.field(), notKept.reason());
                }
            }
        }
        return new ExportPage<PhotoAlbum, MediaItem>(List.of(), items, page.continuation()).withRejected(page.rejected());
    }

    /** The archive entry a reference names ({@link ArchiveIndex#ref}: {@code <part>!<entry>}), as Meta's items are named. */
    private static String entry(MediaRef media) {
        return media.uri().substring(media.uri().indexOf('!') + 1);
    }

    @Override
    public final InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        return export.openMedia(context, ref);
    }
}
