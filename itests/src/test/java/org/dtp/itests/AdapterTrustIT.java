package org.dtp.itests;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.karaf.shell.api.console.SessionFactory;
import org.dtp.transfer.AdapterBundles;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.service.cm.ConfigurationAdmin;

import javax.inject.Inject;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Third-party adapters on a running server (issue 9): one built against an SPI this server does not have is listed
 * as incompatible with the versions it needs; with requireSigned on, an unsigned adapter and one signed by an
 * untrusted key are refused (they never resolve, so none of their code runs) with the reason, and one signed by a
 * trusted key (signed with the JDK's jarsigner, trusted through a keytool trust store, as an operator does it)
 * serves, with its signer and origin shown in dtp:adapters.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class AdapterTrustIT {
    private static final String ADAPTER = "dtp-adapter-rememberthemilk";

    @Inject
    private BundleContext context;

    @Inject
    private SessionFactory sessions;

    @Inject
    private ConfigurationAdmin configurations;

    private final List<Bundle> installed = new ArrayList<>();

    @Configuration
    public Option[] config() {
        return DtpContainer.options();
    }

    /**
     * Waits until the adapter guard runs with {@code requireSigned}: Config Admin and DS apply a change
     * asynchronously, and DS shows a component's configuration in its service's properties once applied.
     */
    private void awaitSignaturesRequired() throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (true) {
            org.osgi.framework.ServiceReference<AdapterBundles> guard = context.getServiceReference(AdapterBundles.class);
            if (guard != null && Boolean.TRUE.equals(guard.getProperty("requireSigned"))) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the adapter trust configuration was not applied within 30 s");
            }
            Thread.sleep(20);
        }
    }

    @After
    public void cleanUp() throws Exception {
        for (Bundle bundle : installed) {
            if (bundle.getState() != Bundle.UNINSTALLED) {
                bundle.uninstall();
            }
        }
        configurations.getConfiguration("org.dtp.adapters.trust", null).delete();
    }

    private Path work() throws Exception {
        return Files.createDirectories(Paths.get(System.getProperty("dtp.work", "target/work"), "trust-" + System.nanoTime()));
    }

    private Bundle install(Path jar) throws Exception {
        Bundle bundle = context.installBundle(jar.toUri().toString());
        installed.add(bundle);
        return bundle;
    }

    private String adapterRow(String bundleName) {
        String out = Shell.run(sessions, "dtp:adapters");
        return out.lines().filter(l -> l.contains(bundleName)).reduce("", (a, b) -> a + b + "\n");
    }

    private static void run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertTrue(output, process.waitFor(120, TimeUnit.SECONDS) && process.exitValue() == 0);
    }

    private static String jdkTool(String name) {
        return Paths.get(System.getProperty("java.home"), "bin", name).toString();
    }

    /** A signing key of {@code subject} in a PKCS#12 file, made with keytool. */
    private static Path key(Path dir, String subject) throws Exception {
        Path store = dir.resolve(subject.replaceAll("\\W", "") + ".p12");
        run(jdkTool("keytool"), "-genkeypair", "-keyalg", "EC", "-groupname", "secp256r1", "-alias", "signer",
                "-dname", subject, "-validity", "30", "-keystore", store.toString(), "-storetype", "PKCS12",
                "-storepass", "changeit", "-keypass", "changeit");
        return store;
    }

    private static Path sign(Path jar, Path key, Path signed) throws Exception {
        run(jdkTool("jarsigner"), "-keystore", key.toString(), "-storetype", "PKCS12", "-storepass", "changeit",
                "-signedjar", signed.toString(), jar.toString(), "signer");
        return signed;
    }

    @Test
    public void anAdapterBuiltForAnotherSpiIsListedAsIncompatibleWithTheVersionsItNeeds() throws Exception {
        Path jar = work().resolve("future-adapter.jar");
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "com.example.dtp-adapter-future");
        main.putValue("Bundle-Version", "2.0.0");
        main.putValue("Import-Package", "org.dtp.spi;version=\"[2.0,3)\",org.dtp.models;version=\"[1.0,2)\"");
        main.putValue("Provide-Capability", "osgi.service;objectClass:List<String>=\"org.dtp.spi.Exporter\"");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out, manifest)) {
            jarOut.flush();
        }
        Bundle future = install(jar);
        assertRefusesToStart("an adapter for an SPI this server lacks does not resolve", future);

        String row = adapterRow("com.example.dtp-adapter-future");
        assertTrue(row, row.contains("incompatible"));
        assertTrue(row, row.matches("(?s).*needs org\\.dtp\\.spi \\[2\\.0\\.0,3\\.0\\.0\\) \\(this server has \\[1\\.\\d+\\.\\d+\\]\\).*"));
        assertTrue("the models range it asks for is met: " + row, !row.contains("org.dtp.models"));
    }

    /** Instead of assertThrows: the probe bundle cannot see org.junit.function in the container. */
    private static void assertRefusesToStart(String message, Bundle bundle) {
        try {
            bundle.start();
        } catch (BundleException expected) {
            return;
        }
        throw new AssertionError(message + ": " + bundle.getSymbolicName() + " started");
    }

    @Test
    public void withRequireSignedOnlyAdaptersSignedByATrustedKeyServe() throws Exception {
        Path dir = work();
        Path original = Paths.get(System.getProperty("karaf.home"), "system", "org", "dtp", ADAPTER, "0.1.0-SNAPSHOT",
                ADAPTER + "-0.1.0-SNAPSHOT.jar");
        assertTrue(original + " is in the distribution's system repository", Files.isRegularFile(original));
        Path vendor = key(dir, "CN=Example Adapters Ltd");
        Path stranger = key(dir, "CN=Someone Else");
        Path certificate = dir.resolve("vendor.cer");
        run(jdkTool("keytool"), "-exportcert", "-alias", "signer", "-keystore", vendor.toString(), "-storetype", "PKCS12",
                "-storepass", "changeit", "-file", certificate.toString());
        Path trustStore = dir.resolve("trusted-adapters.p12");
        run(jdkTool("keytool"), "-importcert", "-noprompt", "-alias", "example", "-file", certificate.toString(),
                "-keystore", trustStore.toString(), "-storetype", "PKCS12", "-storepass", "trustpass");

        Hashtable<String, Object> trust = new Hashtable<>();
        trust.put("requireSigned", true);
        trust.put("trustStore", trustStore.toString());
        trust.put(".trustStorePassword", "trustpass");
        configurations.getConfiguration("org.dtp.adapters.trust", null).update(trust);
        awaitSignaturesRequired();

        Path unsignedCopy = Files.copy(original, dir.resolve("unsigned.jar"));
        Bundle unsigned = install(unsignedCopy);
        assertRefusesToStart("an unsigned adapter does not resolve", unsigned);
        String row = adapterRow("org.dtp.dtp-adapter-rememberthemilk");
        assertTrue(row, row.contains("refused") && row.contains("unsigned") && row.contains("is not signed"));
        unsigned.uninstall();

        Bundle untrusted = install(sign(original, stranger, dir.resolve("stranger.jar")));
        assertRefusesToStart("an adapter signed by an unknown key does not resolve", untrusted);
        row = adapterRow("org.dtp.dtp-adapter-rememberthemilk");
        assertTrue(row, row.contains("refused") && row.contains("CN=Someone Else is not trusted"));
        untrusted.uninstall();

        Path signedJar = sign(original, vendor, dir.resolve("vendor.jar"));
        Bundle trusted = install(signedJar);
        trusted.start();
        assertEquals(Bundle.ACTIVE, trusted.getState());
        row = adapterRow("org.dtp.dtp-adapter-rememberthemilk");
        assertTrue(row, row.contains("active") && row.contains("CN=Example Adapters Ltd") && !row.contains("not trusted"));
        assertTrue("the origin is where it came from: " + row, row.contains(signedJar.toUri().toString()));
        JsonNode adapters = DtpContainer.rest().await("/adapters", a -> a.toString().contains("rememberthemilk"),
                Duration.ofSeconds(30)).body();
        assertTrue(adapters.toString(), adapters.toString().contains("rememberthemilk"));

        // An update from a stream keeps the signed file as the bundle's location: what is checked is what would run.
        try (InputStream content = Files.newInputStream(unsignedCopy)) {
            trusted.update(content);
        } catch (BundleException refused) {
            // Felix restarts an updated active bundle within update(): the restart is what is refused
        }
        assertRefusesToStart("an update to unsigned content does not resolve", trusted);
        row = adapterRow("org.dtp.dtp-adapter-rememberthemilk");
        assertTrue(row, row.contains("refused") && row.contains("is not signed"));
        DtpContainer.rest().await("/adapters", a -> !a.toString().contains("rememberthemilk"), Duration.ofSeconds(30));
    }
}
