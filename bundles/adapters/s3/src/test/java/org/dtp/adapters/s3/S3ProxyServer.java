package org.dtp.adapters.s3;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

import org.dtp.spi.http.TrustStores;

import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A real S3 API server for the tests and the benchmark: S3Proxy (the build copies its runnable jar to
 * target/s3proxy; the tests name it by the system property {@value #JAR_PROPERTY}) as a process of its own on a free
 * loopback port, keeping its objects in a folder (jclouds' filesystem blob store: a bucket is a directory of files),
 * with one access key; over http, or over https with a self-signed certificate for 127.0.0.1 made for it (a trust store
 * holding it and the certificate as PEM are next to its objects).
 */
public final class S3ProxyServer implements AutoCloseable {
    public static final String JAR_PROPERTY = "dtp.test.s3proxy.jar";
    public static final String ACCESS_KEY = "dtp-test-access";
    public static final String SECRET_KEY = "dtp-test-secret";
    /** The password of the key store S3Proxy serves https with and of {@link #trustStore()}. */
    public static final String STORE_PASSWORD = "dtp-test-store";

    private final Process process;
    private final Path dir;
    private final int port;
    private final boolean https;

    private S3ProxyServer(Process process, Path dir, int port, boolean https) {
        this.process = process;
        this.dir = dir;
        this.port = port;
        this.https = https;
    }

    /** The server's process id, for a benchmark to read the CPU time it spent. */
    public long pid() {
        return process.pid();
    }

    /** The jar {@value #JAR_PROPERTY} names, if it is there. */
    public static java.util.Optional<Path> jar() {
        String jar = System.getProperty(JAR_PROPERTY, "");
        return jar.isEmpty() || !Files.isRegularFile(Path.of(jar)) ? java.util.Optional.empty() : java.util.Optional.of(Path.of(jar));
    }

    /** S3Proxy from {@code jar} over http, its objects in a new temp folder, listening once this returns. */
    public static S3ProxyServer start(Path jar) throws IOException, InterruptedException {
        return start(jar, false);
    }

    /** S3Proxy from {@code jar} over https (a new self-signed certificate) or http, listening once this returns. */
    public static S3ProxyServer start(Path jar, boolean https) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("dtp-s3proxy");
        Files.createDirectories(dir.resolve("blobs"));
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path properties = dir.resolve("s3proxy.conf");
        String listen = "s3proxy.endpoint=http://127.0.0.1:" + port;
        if (https) {
            Path keyStore = dir.resolve("s3proxy.p12");
            keytool("-genkeypair", "-alias", "s3proxy", "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                    "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-keystore", keyStore.toString());
            keytool("-exportcert", "-rfc", "-alias", "s3proxy", "-keystore", keyStore.toString(),
                    "-file", dir.resolve("s3proxy.pem").toString());
            keytool("-importcert", "-noprompt", "-alias", "s3proxy", "-file", dir.resolve("s3proxy.pem").toString(),
                    "-keystore", dir.resolve("trust.p12").toString());
            listen = "s3proxy.secure-endpoint=https://127.0.0.1:" + port + "\ns3proxy.keystore-path=" + keyStore
                    + "\ns3proxy.keystore-password=" + STORE_PASSWORD;
        }
        Files.writeString(properties, String.join("\n",
                listen,
                "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + ACCESS_KEY,
                "s3proxy.credential=" + SECRET_KEY,
                "jclouds.provider=filesystem",
                "jclouds.filesystem.basedir=" + dir.resolve("blobs"), ""));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-jar", jar.toString(), "--properties", properties.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("s3proxy.log").toFile()).start();
        S3ProxyServer server = new S3ProxyServer(p, dir, port, https);
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

    private static void keytool(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(arguments));
        command.addAll(List.of("-storetype", "PKCS12", "-storepass", STORE_PASSWORD));
        Process keytool = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes());
        if (keytool.waitFor() != 0) {
            throw new IllegalStateException("keytool " + arguments[0] + " failed: " + output);
        }
    }

    /** The PKCS12 trust store (password {@link #STORE_PASSWORD}) holding the https certificate. */
    public Path trustStore() {
        return dir.resolve("trust.p12");
    }

    /** The https certificate as PEM (for rclone's --ca-cert). */
    public Path certificate() {
        return dir.resolve("s3proxy.pem");
    }

    /** The folder of a bucket's objects. */
    public Path bucketFolder(String bucket) {
        return dir.resolve("blobs").resolve(bucket);
    }

    public URI endpoint() {
        return URI.create((https ? "https" : "http") + "://127.0.0.1:" + port);
    }

    /** A client of our own, for what the tests check behind the adapter's back. */
    public S3Client client() {
        var http = ApacheHttpClient.builder();
        if (https) {
            try {
                TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                factory.init(TrustStores.load(trustStore(), "PKCS12", STORE_PASSWORD.toCharArray()));
                http.tlsTrustManagersProvider(factory::getTrustManagers);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
        return S3Client.builder().httpClient(http.build()).region(Region.US_EAST_1)
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
