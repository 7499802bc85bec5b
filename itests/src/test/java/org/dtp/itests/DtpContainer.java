package org.dtp.itests;

import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.karaf.options.LogLevelOption;

import java.io.File;

import static org.ops4j.pax.exam.CoreOptions.systemProperty;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.configureConsole;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.karafDistributionConfiguration;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.logLevel;

/** The Pax Exam options that boot the dtp distribution on free ports, shared by the in-container tests. */
final class DtpContainer {
    static final String HTTP_PORT = "dtp.itest.httpPort";

    private DtpContainer() {
    }

    static final String OUTBOUND_CFG = "org.dtp.outbound.cfg";

    static Option[] options() {
        String http = Integer.toString(Ports.free());
        return new Option[] {
            karafDistributionConfiguration()
                .frameworkUrl(new File(System.getProperty("dtp.distribution")).toURI().toString())
                .unpackDirectory(new File("target/exam"))
                .useDeployFolder(false),
            configureConsole().ignoreLocalConsole(),
            logLevel(LogLevelOption.LogLevel.WARN),
            editConfigurationFilePut("etc/org.ops4j.pax.url.mvn.cfg", "org.ops4j.pax.url.mvn.localRepository",
                System.getProperty("maven.repo.local")),
            editConfigurationFilePut("etc/org.ops4j.pax.web.cfg", "org.osgi.service.http.port", http),
            editConfigurationFilePut("etc/org.apache.karaf.shell.cfg", "sshPort", Integer.toString(Ports.free())),
            editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiRegistryPort", Integer.toString(Ports.free())),
            editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiServerPort", Integer.toString(Ports.free())),
            // The tests' Radicale, GreenMail and fakes listen on 127.0.0.1, which end users may not name unless allowed
            // (other loopback addresses, 127.0.0.2 for one, stay refused: SecurityIT checks that).
            editConfigurationFilePut("etc/" + OUTBOUND_CFG, "allowedNetworks", "127.0.0.1/32"),
            systemProperty(HTTP_PORT).value(http),
            systemProperty("dtp.samples").value(System.getProperty("dtp.samples")),
            systemProperty("dtp.work").value(new File(System.getProperty("dtp.work")).getAbsolutePath()),
            systemProperty("jdk.util.zip.disableZip64ExtraFieldValidation").value("true"),
        };
    }

    /** The REST client of the container this test runs in (call inside the container). */
    static Rest rest() {
        return new Rest(Integer.getInteger(HTTP_PORT));
    }
}
