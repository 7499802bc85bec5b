package org.dtp.adapters.webdavdrive;

import org.dtp.formats.folder.FileTree;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.http.ProviderRejectedException;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.DavEntry;
import org.dtp.webdav.DavPutResult;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A transfer's drive folder as the folder layout's {@link FileTree}: a path is an id of {@link Drive}, a folder a
 * WebDAV collection. Listing is a depth-1 PROPFIND, reading a GET (from an offset, with a Range header), making a
 * folder a MKCOL; a file is put whole (a PUT with {@code If-None-Match: *}, and when something is there, one with
 * {@code If-Match: *} that replaces it), a stream in one PUT as it is read.
 */
final class DriveFileTree implements FileTree {
    private final DavClient client;
    private final Drive drive;

    private DriveFileTree(DavClient client, Drive drive) {
        this.client = client;
        this.drive = drive;
    }

    /** The tree of the context's side. */
    static DriveFileTree of(DavClient client, TransferContext context) throws AdapterException {
        return new DriveFileTree(client, Drive.of(context));
    }

    @Override
    public List<Node> list(String folder) throws AdapterException {
        // FileTree lists a folder that is not there as empty, as on object storage
        return client.listEntriesIfFound(drive.account(), drive.folderAt(folder)).orElse(List.of()).stream()
                .map(e -> new Node(e.name(), e.collection(), e.length())).toList();
    }

    @Override
    public Optional<InputStream> open(String path) throws AdapterException {
        try {
            return Optional.of(client.open(drive.account(), drive.fileAt(path)));
        } catch (ProviderRejectedException e) {
            if (e.status() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /**
     * A GET with a Range header ({@link DavClient#openFrom}); the version is the file's ETag compared weakly (RFC 9110
     * §8.8.3.2: without its {@code W/}, which Apache gives a file changed less than a second before and drops later),
     * else its size (a server without ETags tells a changed file only by its size).
     */
    @Override
    public Optional<Slice> open(String path, long offset) throws AdapterException {
        return client.openFrom(drive.account(), drive.fileAt(path), offset).map(part -> new Slice(part.bytes(),
                part.etag() != null ? part.etag().replaceFirst("^W/", "") : "size " + part.size()));
    }

    /** The files written this way are text (vCard, iCalendar, JSON sidecars): a replacement is sent as UTF-8 text. */
    @Override
    public void put(String path, byte[] bytes, String contentType) throws AdapterException {
        var file = drive.fileAt(path);
        DavPutResult created = client.putNew(drive.account(), file, new ByteArrayInputStream(bytes), bytes.length, contentType, Map.of());
        if (created.outcome() == DavPutResult.Outcome.PRECONDITION_FAILED) {
            client.put(drive.account(), file, new String(bytes, StandardCharsets.UTF_8), contentType, "*");
        }
    }

    /** Streamed in one PUT without a precondition: the server puts the file there whole or not at all, as it does any PUT. */
    @Override
    public void put(String path, InputStream body, long size, String contentType) throws AdapterException {
        client.putReplacing(drive.account(), drive.fileAt(path), body, size, contentType);
    }

    @Override
    public boolean makeFolder(String path) throws AdapterException {
        return client.makeFolder(drive.account(), drive.folderAt(path));
    }

    @Override
    public String describe() {
        return drive.toString();
    }
}
