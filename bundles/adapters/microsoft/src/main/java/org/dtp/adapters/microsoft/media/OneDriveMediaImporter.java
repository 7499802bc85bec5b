package org.dtp.adapters.microsoft.media;

import org.dtp.adapters.microsoft.DriveNames;
import org.dtp.adapters.microsoft.GraphApi;
import org.dtp.adapters.microsoft.GraphComponent;
import org.dtp.adapters.microsoft.MicrosoftConnector;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.ProviderRejectedException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * Imports photos and videos into OneDrive: an album becomes a folder (found by name, else created with
 * {@code conflictBehavior=fail}); an item becomes a file uploaded through an upload session, in chunks of a multiple
 * of 320 KiB, streamed from the source with one chunk in memory.
 * <ul>
 * <li><b>Idempotent</b>: a file keeps its name; when the folder already holds another file of that name (of another
 *     size), the name gets a tag of the job and the idempotency key ({@link DriveNames#taggedFileName}). The importer
 *     looks for the tagged name, then for the name with the item's size, and creates with
 *     {@code conflictBehavior=fail}, so a retry after a lost answer or a crash finds the one file.</li>
 * <li><b>Resumable</b>: a chunk that breaks off is sent again from where the session's {@code nextExpectedRanges}
 *     says; a retried import of the same key resumes its session (kept in memory on this node).</li>
 * <li><b>Nothing half</b>: Graph creates the file only when the last byte arrived; a source that gives fewer or more
 *     bytes than it announced cancels the session.</li>
 * </ul>
 */
@Component(
        name = "org.dtp.adapters.microsoft.OneDriveMediaImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + MicrosoftConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Microsoft OneDrive",
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class OneDriveMediaImporter extends GraphComponent implements Importer<PhotoAlbum, MediaItem> {
    /** Times one chunk is sent again after it broke off, within one import. */
    private static final int CHUNK_ATTEMPTS = 3;

    @Activate
    public OneDriveMediaImporter(@Reference MicrosoftConnector connector) {
        super(connector);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, PhotoAlbum album, String parentId)
            throws AdapterException {
        GraphApi api = connector.api(context);
        if (album.description() != null && !album.description().isBlank()) {
            context.reportNotKept(album.id(), "description", "OneDrive folders have no description one can set on every drive");
        }
        return folder(api, parentId, DriveNames.clean(album.name(), "album"));
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, MediaItem item, String containerId)
            throws AdapterException {
        GraphApi api = connector.api(context);
        String parent = containerId != null ? containerId : folder(api, null, DriveNames.clean(connector.settings().looseItemsFolder(), "photos"));
        long size = item.content().size();
        String folder = "/me/drive/items/" + GraphApi.id(parent) + ":/";
        String tagged = DriveNames.taggedFileName(item.fileName(), context.jobId(), idempotencyKey);
        Optional<JsonNode> earlier = api.find(folder + GraphApi.segment(tagged) + ":");
        if (earlier.isPresent()) {
            return earlier.get().path("id").asText();
        }
        String plain = DriveNames.clean(item.fileName(), "item");
        Optional<JsonNode> same = api.find(folder + GraphApi.segment(plain) + ":");
        if (same.isPresent() && size >= 0 && same.get().path("size").asLong(-1) == size) {
            return same.get().path("id").asText();
        }
        if (size < 0) {
            throw new ItemRejectedException("the source does not tell the size of '" + item.fileName()
                    + "', and a OneDrive upload session needs it up front");
        }
        String name = same.isPresent() ? tagged : plain;
        String path = folder + GraphApi.segment(name) + ":";
        String id;
        if (size == 0) {
            id = created(api, path, size, () -> api.put(path + "/content", "@microsoft.graph.conflictBehavior=fail", null));
        } else {
            String sessionKey = context.jobId() + "\n" + idempotencyKey;
            id = created(api, path, size, () -> upload(context, api, sessionKey, path, name, item));
        }
        if (!name.equals(item.fileName())) {
            context.reportNotKept(item.id(), "fileName", same.isPresent()
                    ? "the album already holds another file named '" + plain + "'; this one is '" + name + "'"
                    : "OneDrive does not allow the name; it became '" + name + "'");
        }
        if (item.takenAt() != null) {
            context.reportNotKept(item.id(), "takenAt", "OneDrive takes the date a photo was taken from the file; Graph cannot set it");
        }
        if (item.location() != null) {
            context.reportNotKept(item.id(), "location", "OneDrive takes the place from the file; Graph cannot set it");
        }
        if (item.title() != null && !item.title().isBlank()) {
            context.reportNotKept(item.id(), "title", "OneDrive files have no title");
        }
        if (item.description() != null && !item.description().isBlank()) {
            context.reportNotKept(item.id(), "description", "OneDrive sets no description on business drives; not written");
        }
        return id;
    }

    @FunctionalInterface
    private interface Creation {
        JsonNode create() throws AdapterException;
    }

    /**
     * The id of what {@code creation} made, or of what is at {@code path} when Graph says it exists (409) and it holds
     * {@code size} bytes ({@code -1}: a folder, any).
     */
    private static String created(GraphApi api, String path, long size, Creation creation) throws AdapterException {
        try {
            return creation.create().path("id").asText();
        } catch (ProviderRejectedException e) {
            if (e.status() != 409) {
                throw e;
            }
            JsonNode there = api.find(path).orElseThrow(() -> new TransientAdapterException(
                    "OneDrive answered 409 but has no item at the name yet", e));
            if (size >= 0 && there.path("size").asLong(-1) != size) {
                throw new TransientAdapterException("another file took the name meanwhile; the next attempt uses a tagged name", e);
            }
            return there.path("id").asText();
        }
    }

    /** The folder {@code name} in {@code parentId} (null: the drive's root), created when missing. */
    private static String folder(GraphApi api, String parentId, String name) throws AdapterException {
        String parent = parentId == null ? "/me/drive/root" : "/me/drive/items/" + GraphApi.id(parentId);
        String path = parent + ":/" + GraphApi.segment(name) + ":";
        Optional<JsonNode> existing = api.find(path);
        if (existing.isPresent()) {
            if (!existing.get().has("folder")) {
                throw new ItemRejectedException("OneDrive has a file named '" + name + "' where the folder should be");
            }
            return existing.get().path("id").asText();
        }
        return created(api, path, -1, () -> api.post(parent + "/children", GraphApi.object(
                "name", name, "folder", Map.of(), "@microsoft.graph.conflictBehavior", "fail")));
    }

    private JsonNode upload(ImportContext context, GraphApi api, String sessionKey, String path, String name, MediaItem item)
            throws AdapterException {
        long size = item.content().size();
        URI session = connector.session(sessionKey);
        long offset = 0;
        if (session != null) {
            Optional<Long> next = api.sessionStatus(session);
            if (next.isEmpty() || next.get() < 0) {
                session = null;
            } else {
                offset = next.get();
            }
        }
        if (session == null) {
            JsonNode answer = api.post(path + "/createUploadSession", Map.of("item", GraphApi.object(
                    "@microsoft.graph.conflictBehavior", "fail", "name", name)));
            try {
                session = URI.create(answer.path("uploadUrl").asText(""));
            } catch (IllegalArgumentException e) {
                throw new TransientAdapterException("OneDrive answered createUploadSession without an upload URL", e);
            }
            if (session.getHost() == null) {
                throw new TransientAdapterException("OneDrive answered createUploadSession without an upload URL", null);
            }
            offset = 0;
            connector.session(sessionKey, session);
        }
        try (InputStream in = context.openMedia(item.content())) {
            JsonNode done = send(api, session, in, offset, size, item.fileName());
            connector.session(sessionKey, null);
            return done;
        } catch (IOException e) {
            throw new TransientAdapterException("cannot read '" + item.fileName() + "' from the source: " + e.getMessage(), e);
        } catch (SourceMismatchException e) {
            api.cancelSession(session);
            connector.session(sessionKey, null);
            throw new TransientAdapterException(e.getMessage(), null);
        }
    }

    /** The source gave other bytes than it announced: the session is cancelled, nothing is stored. */
    private static final class SourceMismatchException extends Exception {
        SourceMismatchException(String message) {
            super(message);
        }
    }

    /** Sends bytes {@code offset}… of {@code in} (skipping what the session has) and returns the created item. */
    private JsonNode send(GraphApi api, URI session, InputStream in, long offset, long size, String fileName)
            throws AdapterException, IOException, SourceMismatchException {
        if (offset > 0) {
            in.skipNBytes(offset); // what the session already holds, from an earlier attempt
        }
        int chunkSize = connector.settings().uploadChunkBytes();
        byte[] chunk = new byte[(int) Math.min(chunkSize, size - offset)];
        long chunkStart = offset;
        while (chunkStart < size) {
            int length = (int) Math.min(chunkSize, size - chunkStart);
            int read = in.readNBytes(chunk, 0, length);
            if (read < length) {
                throw new SourceMismatchException("the source gave " + (chunkStart + read) + " bytes of '" + fileName
                        + "', not the " + size + " it announced");
            }
            if (chunkStart + length == size && in.read() >= 0) {
                throw new SourceMismatchException("the source gave more bytes of '" + fileName + "' than the " + size + " it announced");
            }
            long sent = chunkStart;
            for (int attempt = 0; ; attempt++) {
                GraphApi.SessionAnswer answer;
                try {
                    answer = api.putRange(session, chunk, (int) (sent - chunkStart), (int) (chunkStart + length - sent), sent, size);
                } catch (IOException e) {
                    answer = null;
                    if (attempt + 1 >= CHUNK_ATTEMPTS) {
                        throw new TransientAdapterException("a chunk of '" + fileName + "' broke off " + CHUNK_ATTEMPTS
                                + " times; the upload resumes at the next attempt", e);
                    }
                }
                if (answer != null && answer.done()) {
                    return answer.body();
                }
                if (answer != null && answer.status() == 404) {
                    throw new TransientAdapterException("the OneDrive upload session of '" + fileName + "' expired", null);
                }
                long next = answer != null && answer.status() == 202 ? answer.nextExpected()
                        : api.sessionStatus(session).orElseThrow(() -> new TransientAdapterException(
                        "the OneDrive upload session of '" + fileName + "' expired", null));
                if (next >= chunkStart + length) {
                    break;
                }
                if (next < chunkStart) {
                    throw new TransientAdapterException("OneDrive lost bytes of '" + fileName
                            + "' before the chunk in memory; the upload resumes at the next attempt", null);
                }
                if (attempt + 1 >= CHUNK_ATTEMPTS) {
                    throw new TransientAdapterException("OneDrive kept part of a chunk of '" + fileName + "' only, "
                            + CHUNK_ATTEMPTS + " times; the upload resumes at the next attempt", null);
                }
                sent = next;
            }
            chunkStart += length;
        }
        throw new TransientAdapterException("OneDrive did not answer the last chunk of '" + fileName + "' with the file", null);
    }
}
