package org.dtp.itests;

import org.dtp.fakes.smugmug.FakeSmugMug;
import org.ops4j.pax.exam.Option;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;

import static org.ops4j.pax.exam.CoreOptions.systemProperty;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;

/**
 * The fake SmugMug API for in-container tests. Pax Exam calls {@code @Configuration} in the test driver's JVM,
 * so the fake is started there, once, and lives as long as that JVM; the container reaches it over loopback
 * HTTP as it would reach SmugMug. Only {@link #options} runs in the driver: the container never loads this class
 * (the fake's classes are not in it).
 *
 * <p>User "ann" has {@code albums} albums of {@code perAlbum} photos, the same files as a reference folder that
 * the container compares a destination with (its path is a system property).
 */
final class SmugMugInDriver {
    static final String TOKEN = "dtp.itest.smugmug.token";
    static final String TOKEN_SECRET = "dtp.itest.smugmug.tokenSecret";
    static final String REFERENCE = "dtp.itest.smugmug.reference";
    /** Requests per second the adapter makes: bounds how fast a transfer can go, so it is still running mid-test. */
    static final int REQUESTS_PER_SECOND = 200;

    private static FakeSmugMug fake;
    private static FakeSmugMug.Account ann;
    private static Path reference;

    private SmugMugInDriver() {
    }

    static synchronized Option[] options(int albums, int perAlbum) {
        try {
            if (fake == null) {
                fake = FakeSmugMug.start();
                ann = fake.addUser("ann");
                reference = Paths.get(System.getProperty("dtp.work"), "smugmug-reference-" + System.nanoTime()).toAbsolutePath();
                MediaFolders.generate(reference, albums, perAlbum);
                try (Stream<Path> dirs = Files.list(reference)) {
                    for (Path album : dirs.sorted().toList()) {
                        String albumKey = fake.addAlbum("ann", album.getFileName().toString());
                        try (Stream<Path> files = Files.list(album)) {
                            for (Path photo : files.sorted().toList()) {
                                String name = photo.getFileName().toString();
                                fake.addImage(albumKey, name, Files.readAllBytes(photo), "Title of " + name, null);
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String cfg = "etc/org.dtp.adapters.smugmug.cfg";
        return List.of(
                editConfigurationFilePut(cfg, "consumerKey", fake.consumerKey()),
                editConfigurationFilePut(cfg, "consumerSecret", fake.consumerSecret()),
                editConfigurationFilePut(cfg, "apiBaseUrl", fake.apiBaseUri().toString()),
                editConfigurationFilePut(cfg, "uploadUrl", fake.uploadUri().toString()),
                editConfigurationFilePut(cfg, "requestsPerSecond", Integer.toString(REQUESTS_PER_SECOND)),
                editConfigurationFilePut(cfg, "pageSize", "50"),
                systemProperty(TOKEN).value(ann.token()),
                systemProperty(TOKEN_SECRET).value(ann.tokenSecret()),
                systemProperty(REFERENCE).value(reference.toString())).toArray(new Option[0]);
    }
}
