package org.dtp.adapters.s3;

import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.playlists.LocalFolderPlaylistExporter;
import org.dtp.adapters.localfs.playlists.LocalFolderPlaylistImporter;
import org.dtp.conformance.FolderRoundTrip.Side;
import org.dtp.conformance.PlaylistRoundTrip;
import org.dtp.conformance.SampleData;
import org.dtp.conformance.Transfers;
import org.dtp.formats.folder.FileTree;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.Vertical;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.spi.TransferEndpoint;
import org.junit.After;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Playlists through a bucket of S3Proxy (under a prefix): a local folder → the bucket → another folder, tracks and
 * their order kept ({@link PlaylistRoundTrip}); and the bucket's files copied to a disk are a folder the local folder
 * adapter reads alike, and the other way round.
 */
public class PlaylistsThroughS3Test {
    @ClassRule
    public static final S3ProxyRule S3PROXY = new S3ProxyRule();

    @Rule
    public final TemporaryFolder temp = new TemporaryFolder();

    private final LocalFolderSettings folders = new LocalFolderSettings(List.of(), 2, false);
    private final S3Connector connector = new S3Connector(S3Fixture.config(2), S3Fixture.loopbackAllowed());


    @After
    public void closeConnector() {
        connector.close();
    }

    @Test
    public void playlistsComeBackWithTheirTracksInOrder() throws Exception {
        Path a = temp.newFolder("a").toPath();
        PlaylistRoundTrip.check(a, local(a), bucket(), local(temp.newFolder("c").toPath()));
    }

    @Test
    public void theBucketCopiedToADiskIsAFolderTheLocalAdapterReads() throws Exception {
        Side<Playlist, PlaylistTrack> bucket = bucket();
        Transfers.seed(bucket.importer(), bucket.endpoint(), SampleData.of(Vertical.PLAYLISTS));
        Path disk = temp.newFolder("synced").toPath();
        FileTree tree = S3FileTree.of(connector, new TestTransferContext(UUID.randomUUID(), bucket.endpoint()));
        for (FileTree.Node file : tree.list("")) {
            try (InputStream in = tree.open(file.name()).orElseThrow()) {
                Files.write(disk.resolve(file.name()), in.readAllBytes());
            }
        }

        Side<Playlist, PlaylistTrack> folder = local(disk);
        List<Object> fromDisk = PlaylistRoundTrip.export(folder.exporter(), folder.endpoint());
        assertTrue(fromDisk.size() > 2);
        assertEquals(fromDisk, PlaylistRoundTrip.export(bucket.exporter(), bucket.endpoint()));
    }

    @Test
    public void aFolderTheLocalAdapterWroteReadsAlikeFromTheBucket() throws Exception {
        Path disk = temp.newFolder("written").toPath();
        Side<Playlist, PlaylistTrack> folder = local(disk);
        Transfers.seed(folder.importer(), folder.endpoint(), SampleData.of(Vertical.PLAYLISTS));
        Side<Playlist, PlaylistTrack> bucket = bucket();
        FileTree tree = S3FileTree.of(connector, new TestTransferContext(UUID.randomUUID(), bucket.endpoint()));
        try (Stream<Path> files = Files.list(disk)) {
            for (Path file : files.toList()) {
                tree.put(file.getFileName().toString(), Files.readAllBytes(file), "application/octet-stream");
            }
        }

        List<Object> fromDisk = PlaylistRoundTrip.export(folder.exporter(), folder.endpoint());
        assertTrue(fromDisk.size() > 2);
        assertEquals(fromDisk, PlaylistRoundTrip.export(bucket.exporter(), bucket.endpoint()));
    }

    private Side<Playlist, PlaylistTrack> bucket() {
        String bucket = "playlists-" + UUID.randomUUID().toString().substring(0, 8);
        S3PROXY.client().createBucket(b -> b.bucket(bucket));
        return new Side<>(new S3PlaylistImporter(connector), new S3PlaylistExporter(connector),
                new TransferEndpoint("s3", S3PROXY.server().settings(bucket, "backup/ann")));
    }

    private Side<Playlist, PlaylistTrack> local(Path folder) {
        return new Side<>(new LocalFolderPlaylistImporter(folders), new LocalFolderPlaylistExporter(folders),
                new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, folder.toString())));
    }
}
