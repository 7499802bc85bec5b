package org.dtp.adapters.webdavdrive;

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
import org.dtp.webdav.testing.ApacheDav;
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
 * Playlists through a WebDAV drive folder (Apache mod_dav): a local folder → the drive → another folder, tracks and
 * their order kept ({@link PlaylistRoundTrip}); and the drive's files copied to a disk are a folder the local folder
 * adapter reads alike, and the other way round.
 */
public class PlaylistsThroughDriveTest {
    @ClassRule
    public static final ApacheDav SERVER = new ApacheDav();

    @Rule
    public final TemporaryFolder temp = new TemporaryFolder();

    private final LocalFolderSettings folders = new LocalFolderSettings(List.of(), 2, false);
    private final WebDavDriveConnector connector = Drives.connector(2);

    @Test
    public void playlistsComeBackWithTheirTracksInOrder() throws Exception {
        Path a = temp.newFolder("a").toPath();
        PlaylistRoundTrip.check(a, local(a), drive(), local(temp.newFolder("c").toPath()));
    }

    @Test
    public void theDriveCopiedToADiskIsAFolderTheLocalAdapterReads() throws Exception {
        Side<Playlist, PlaylistTrack> drive = drive();
        Transfers.seed(drive.importer(), drive.endpoint(), SampleData.of(Vertical.PLAYLISTS));
        Path disk = temp.newFolder("synced").toPath();
        FileTree tree = DriveFileTree.of(connector.client(), new TestTransferContext(UUID.randomUUID(), drive.endpoint()));
        for (FileTree.Node file : tree.list("")) {
            try (InputStream in = tree.open(file.name()).orElseThrow()) {
                Files.write(disk.resolve(file.name()), in.readAllBytes());
            }
        }

        Side<Playlist, PlaylistTrack> folder = local(disk);
        List<Object> fromDisk = PlaylistRoundTrip.export(folder.exporter(), folder.endpoint());
        assertTrue(fromDisk.size() > 2);
        assertEquals(fromDisk, PlaylistRoundTrip.export(drive.exporter(), drive.endpoint()));
    }

    @Test
    public void aFolderTheLocalAdapterWroteReadsAlikeFromTheDrive() throws Exception {
        Path disk = temp.newFolder("written").toPath();
        Side<Playlist, PlaylistTrack> folder = local(disk);
        Transfers.seed(folder.importer(), folder.endpoint(), SampleData.of(Vertical.PLAYLISTS));
        Side<Playlist, PlaylistTrack> drive = drive();
        FileTree tree = DriveFileTree.of(connector.client(), new TestTransferContext(UUID.randomUUID(), drive.endpoint()));
        try (Stream<Path> files = Files.list(disk)) {
            for (Path file : files.toList()) {
                tree.put(file.getFileName().toString(), Files.readAllBytes(file), "application/octet-stream");
            }
        }

        List<Object> fromDisk = PlaylistRoundTrip.export(folder.exporter(), folder.endpoint());
        assertTrue(fromDisk.size() > 2);
        assertEquals(fromDisk, PlaylistRoundTrip.export(drive.exporter(), drive.endpoint()));
    }

    @Test
    public void aFolderThatIsNotThereListsAsEmpty() throws Exception {
        FileTree tree = DriveFileTree.of(connector.client(), new TestTransferContext(UUID.randomUUID(), drive().endpoint()));
        assertEquals(List.of(), tree.list("no such folder"));
    }

    private Side<Playlist, PlaylistTrack> drive() throws Exception {
        return new Side<>(new WebDavPlaylistImporter(connector), new WebDavPlaylistExporter(connector), Drives.newFolder(SERVER));
    }

    private Side<Playlist, PlaylistTrack> local(Path folder) {
        return new Side<>(new LocalFolderPlaylistImporter(folders), new LocalFolderPlaylistExporter(folders),
                new TransferEndpoint("localfs", Map.of(LocalFolderSettings.PATH, folder.toString())));
    }
}
