package org.dtp.adapters.s3;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A real S3 API server for the tests and the benchmark: S3Proxy (the build copies its runnable jar to
 * target/s3proxy; the tests name it by the system property {@value #JAR_PROPERTY}) as a process of its own on a free
 * loopback port, keeping its objects in a folder (jclouds' filesystem blob store: a bucket is a directory of files),
 * with one access key.
 */
public final class S3ProxyServer implements AutoCloseable {
    public static final String JAR_PROPERTY = "dtp.test.s3proxy.jar";
    public static final String ACCESS_KEY = "dtp-test-access";
    public static final String SECRET_KEY = "dtp-test-secret";

    private final Process process;
    private final Path dir;
    private final int port;

    private S3ProxyServer(Process process, Path dir, int port) {
        this.process = process;
        this.dir = dir;
        this.port = port;
    }

    /** The jar {@value #JAR_PROPERTY} names, if it is there. */
    public static java.util.Optional<Path> jar() {
        String jar = System.getProperty(JAR_PROPERTY, "");
        return jar.isEmpty() || !Files.isRegularFile(Path.of(jar)) ? java.util.Optional.empty() : java.util.Optional.of(Path.of(jar));
    }

    /** S3Proxy from {@code jar}, its objects in a new temp folder, listening once this returns. */
    public static S3ProxyServer start(Path jar) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("dtp-s3proxy");
        Files.createDirectories(dir.resolve("blobs"));
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path properties = dir.resolve("s3proxy.conf");
        Files.writeString(properties, String.join("\n",
                "s3proxy.endpoint=http://127.0.0.1:" + port,
                "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + ACCESS_KEY,
                "s3proxy.credential=" + SECRET_KEY,
                "jclouds.provider=filesystem",
                "jclouds.filesystem.basedir=" + dir.resolve("blobs"), ""));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-jar", jar.toString(), "--properties", properties.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("s3proxy.log").toFile()).start();
        S3ProxyServer server = new S3ProxyServer(p, dir, port);
        long until = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < until) {
            if (!p.isAlive()) {
                throw new IllegalStateException("S3Proxy stopped: " + Files.readString(dir.resolve("s3proxy.log")));
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return server;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        server.close();
        throw new IllegalStateException("S3Proxy did not listen on " + port + " within a minute");
    }

    /** The folder of a bucket's objects. */
    public Path bucketFolder(String bucket) {
        return dir.resolve("blobs").resolve(bucket);
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** A client of our own, for what the tests check behind the adapter's back. */
    public S3Client client() {
        return S3Client.builder().httpClient(ApacheHttpClient.create()).region(Region.US_EAST_1)
                .endpointOverride(endpoint()).forcePathStyle(true)
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                .build();
    }

    /** The settings of a transfer side for {@code bucket}. */
    public Map<String, String> settings(String bucket, String prefix) {
        return Map.of(S3Settings.ENDPOINT, endpoint().toString(), S3Settings.BUCKET, bucket, S3Settings.PREFIX, prefix,
                S3Settings.ACCESS_KEY_ID, ACCESS_KEY, S3Settings.SECRET_ACCESS_KEY, SECRET_KEY);
    }

    @Override
    public void close() throws IOException {
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
