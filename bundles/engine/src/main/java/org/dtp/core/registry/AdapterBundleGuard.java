package org.dtp.core.registry;

import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.http.TrustStores;
import org.dtp.transfer.AdapterBundle;
import org.dtp.transfer.AdapterBundles;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.SynchronousBundleListener;
import org.osgi.framework.Version;
import org.osgi.framework.hooks.resolver.ResolverHook;
import org.osgi.framework.hooks.resolver.ResolverHookFactory;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Which adapter bundles may serve on this node, and why the others do not. An operator can require adapters to be
 * signed by keys they trust ({@code requireSigned} with a trust store): an adapter bundle whose jar is not signed
 * by one is kept from resolving (a resolver hook), so none of its code runs, and is listed as refused with the
 * reason. Adapters built against SPI or model versions this server lacks are listed as incompatible, with the
 * versions they need and those it has, instead of a resolver error. An adapter bundle is one that declares
 * {@code org.dtp.spi.Exporter} or {@code Importer} services (the Provide-Capability DS tooling writes) or registers
 * them; a fragment that attaches to one is held to the same rule. A bundle that registers adapter services without
 * declaring them resolves (nothing says what it is until it runs), but {@link AdapterRegistry} takes no service of
 * it ({@link #mayServe}), and it is stopped (refreshed) when the settings change. The signature checked is that
 * of the content the framework serves for the bundle, entry by entry, not of the file it was installed from.
 */
@Component(service = {AdapterBundles.class, ResolverHookFactory.class, AdapterBundleGuard.class}, configurationPid = AdapterBundleGuard.PID)
@Designate(ocd = AdapterBundleGuard.Config.class)
public final class AdapterBundleGuard implements AdapterBundles, ResolverHookFactory {
    public static final String PID = "org.dtp.adapters.trust";
    private static final Logger LOG = LoggerFactory.getLogger(AdapterBundleGuard.class);

    @ObjectClassDefinition(name = "dtp adapter trust", description = "Whether adapter bundles must be signed by a trusted key.")
    public @interface Config {
        @AttributeDefinition(name = "Require signed adapters", description = "Refuse adapter bundles not signed by a "
                + "certificate in the trust store (or issued by one). Adapters already running that fail the check stop.")
        boolean requireSigned() default false;

        @AttributeDefinition(name = "Trust store", description = "PKCS#12 or JKS file of trusted certificates; "
                + "relative paths are from the Karaf home")
        String trustStore() default "";

        @AttributeDefinition(name = "Trust store password", type = AttributeType.PASSWORD)
        String _trustStorePassword() default "";
    }

    /** A bundle's signature verdict, for the jar it had when checked. */
    private record Checked(long lastModified, JarSignatures.Verdict verdict) {
    }

    private final BundleContext context;
    private final Map<Long, Checked> verdicts = new ConcurrentHashMap<>();
    private final SynchronousBundleListener listener = this::bundleChanged;
    private volatile JarSignatures signatures;
    private volatile boolean requireSigned;
    private volatile String configurationProblem;

    @Activate
    public AdapterBundleGuard(BundleContext context, Config config) {
        this.context = context;
        configure(config);
        context.addBundleListener(listener);
        refreshRefusedButResolved();
    }

    @Modified
    void modified(Config config) {
        configure(config);
        verdicts.clear();
        refreshRefusedButResolved();
        // adapters refused before may be trusted now: let the framework try them again
        List<Bundle> unresolved = unresolvedAdapterBundles();
        if (!unresolved.isEmpty()) {
            context.getBundle(0).adapt(FrameworkWiring.class).resolveBundles(unresolved);
        }
    }

    @Deactivate
    void deactivate() {
        context.removeBundleListener(listener);
    }

    private void configure(Config config) {
        requireSigned = config.requireSigned();
        configurationProblem = null;
        signatures = new JarSignatures(List.of());
        if (!requireSigned) {
            return;
        }
        String file = config.trustStore() == null ? "" : config.trustStore().trim();
        if (file.isEmpty()) {
            configurationProblem = "requireSigned is on but no trustStore is set: every adapter is refused";
            LOG.warn(configurationProblem);
            return;
        }
        Path path = Path.of(file);
        if (!path.isAbsolute()) {
            path = Path.of(System.getProperty("karaf.home", ".")).resolve(path);
        }
        try {
            KeyStore store = TrustStores.load(path, file.endsWith(".jks") ? "JKS" : "PKCS12", config._trustStorePassword().toCharArray());
            List<X509Certificate> trusted = new ArrayList<>();
            for (String alias : Collections.list(store.aliases())) {
                Certificate certificate = store.getCertificate(alias);
                if (certificate instanceof X509Certificate x509) {
                    trusted.add(x509);
                }
            }
            signatures = new JarSignatures(trusted);
            LOG.info("adapter bundles must be signed by one of {} trusted certificates in {}", trusted.size(), path);
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            configurationProblem = "the adapter trust store " + path + " cannot be read (" + e.getMessage()
                    + "): every adapter is refused";
            LOG.warn(configurationProblem);
        }
    }

    private void bundleChanged(BundleEvent event) {
        if (event.getType() == BundleEvent.UNINSTALLED) {
            verdicts.remove(event.getBundle().getBundleId());
        }
    }

    @Override
    public ResolverHook begin(Collection<BundleRevision> triggers) {
        return new ResolverHook() {
            @Override
            public void filterResolvable(Collection<BundleRevision> candidates) {
                if (!requireSigned) {
                    return;
                }
                candidates.removeIf(revision -> (isAdapter(revision.getBundle()) || isFragmentOfAnAdapter(revision.getBundle()))
                        && refusal(revision.getBundle()) != null);
            }

            @Override
            public void filterSingletonCollisions(BundleCapability singleton, Collection<BundleCapability> collisionCandidates) {
            }

            @Override
            public void filterMatches(org.osgi.framework.wiring.BundleRequirement requirement, Collection<BundleCapability> candidates) {
            }

            @Override
            public void end() {
            }
        };
    }

    @Override
    public List<AdapterBundle> adapterBundles() {
        Map<String, Set<Version>> exported = exportedPackages();
        List<AdapterBundle> list = new ArrayList<>();
        for (Bundle bundle : context.getBundles()) {
            if (!isAdapter(bundle)) {
                continue;
            }
            JarSignatures.Verdict verdict = verdict(bundle);
            String refusal = requireSigned ? refusal(bundle) : null;
            String signer = verdict.signer() == null ? null
                    : verdict.trusted() ? verdict.signer() : verdict.signer() + " (not trusted)";
            AdapterBundle.Status status;
            String reason = null;
            int state = bundle.getState();
            if (state == Bundle.ACTIVE) {
                status = AdapterBundle.Status.ACTIVE;
            } else if (state == Bundle.RESOLVED || state == Bundle.STARTING || state == Bundle.STOPPING) {
                status = AdapterBundle.Status.RESOLVED;
                reason = "not started";
            } else if (refusal != null) {
                status = AdapterBundle.Status.REFUSED;
                reason = "refused: " + refusal;
            } else {
                List<String> unmet = ImportRanges.unmet(bundle.getHeaders("").get("Import-Package"), exported);
                status = unmet.isEmpty() ? AdapterBundle.Status.UNRESOLVED : AdapterBundle.Status.INCOMPATIBLE;
                reason = unmet.isEmpty() ? "not resolved: a package it needs is not installed (see bundle:diag "
                        + bundle.getBundleId() + ")" : "incompatible adapter: needs " + String.join(", ", unmet);
            }
            list.add(new AdapterBundle(bundle.getBundleId(), bundle.getSymbolicName(),
                    bundle.getVersion().toString(), bundle.getLocation(), status, signer, reason));
        }
        return list;
    }

    /** Whether the services of {@code bundle} may serve as adapters under the trust settings. */
    public boolean mayServe(Bundle bundle) {
        if (!requireSigned) {
            return true;
        }
        String refusal = bundle == null ? "its bundle is gone" : refusal(bundle);
        if (refusal != null) {
            LOG.warn("adapter services of bundle {} are not used: {}", bundle == null ? "?" : bundle.getSymbolicName(), refusal);
        }
        return refusal == null;
    }

    /** Why the bundle may not serve under the trust settings; null when it may. */
    private String refusal(Bundle bundle) {
        if (configurationProblem != null) {
            return configurationProblem;
        }
        JarSignatures.Verdict verdict = verdict(bundle);
        return verdict.trusted() ? null : verdict.refusal();
    }

    /** The signature verdict of the bundle's jar as it is now, checked once per version of the jar. */
    private JarSignatures.Verdict verdict(Bundle bundle) {
        Checked checked = verdicts.get(bundle.getBundleId());
        if (checked == null || checked.lastModified() != bundle.getLastModified()) {
            checked = new Checked(bundle.getLastModified(), verify(bundle));
            verdicts.put(bundle.getBundleId(), checked);
            if (requireSigned && !checked.verdict().trusted()) {
                LOG.warn("adapter bundle {} {} from {} is refused: {}", bundle.getSymbolicName(), bundle.getVersion(),
                        bundle.getLocation(), checked.verdict().refusal());
            }
        }
        return checked.verdict();
    }

    /**
     * Verifies what the framework serves for the bundle (its own entries, as {@link Bundle#getEntry} gives them),
     * copied into a jar: after a {@code bundle:update} from a stream or another address, the file the bundle was
     * first installed from says nothing about the code it runs.
     */
    private JarSignatures.Verdict verify(Bundle bundle) {
        Path copy = null;
        try {
            copy = Files.createTempFile("dtp-adapter-check-", ".jar");
            try (OutputStream file = Files.newOutputStream(copy); ZipOutputStream jar = new ZipOutputStream(file)) {
                copyEntries(bundle, "/", jar);
            }
            return signatures.verify(copy);
        } catch (IOException | RuntimeException e) {
            return new JarSignatures.Verdict(null, "its content cannot be read to check its signature (" + e.getMessage() + ")");
        } finally {
            if (copy != null) {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException e) {
                    LOG.debug("could not delete {}: {}", copy, e.toString());
                }
            }
        }
    }

    private static void copyEntries(Bundle bundle, String folder, ZipOutputStream jar) throws IOException {
        Enumeration<String> paths = bundle.getEntryPaths(folder);
        if (paths == null) {
            return;
        }
        for (String path : Collections.list(paths)) {
            if (path.endsWith("/")) {
                copyEntries(bundle, path, jar);
                continue;
            }
            URL entry = bundle.getEntry(path);
            if (entry == null) {
                continue;
            }
            jar.putNextEntry(new ZipEntry(path.startsWith("/") ? path.substring(1) : path));
            try (InputStream in = entry.openStream()) {
                in.transferTo(jar);
            }
            jar.closeEntry();
        }
    }

    /** Refused adapters that resolved before the trust settings applied (at start, or a change): unresolve them. */
    private void refreshRefusedButResolved() {
        if (!requireSigned) {
            return;
        }
        List<Bundle> refused = new ArrayList<>();
        for (Bundle bundle : context.getBundles()) {
            if (isAdapter(bundle) && bundle.getState() != Bundle.INSTALLED && bundle.getState() != Bundle.UNINSTALLED
                    && refusal(bundle) != null) {
                refused.add(bundle);
            }
        }
        if (!refused.isEmpty()) {
            context.getBundle(0).adapt(FrameworkWiring.class).refreshBundles(refused);
        }
    }

    private List<Bundle> unresolvedAdapterBundles() {
        List<Bundle> bundles = new ArrayList<>();
        for (Bundle bundle : context.getBundles()) {
            if (bundle.getState() == Bundle.INSTALLED && isAdapter(bundle)) {
                bundles.add(bundle);
            }
        }
        return bundles;
    }

    /** A bundle that declares adapter services, or registers them now. */
    static boolean isAdapter(Bundle bundle) {
        String provided = bundle.getHeaders("").get("Provide-Capability");
        if (provided != null && (provided.contains(Exporter.class.getName()) || provided.contains(Importer.class.getName()))) {
            return true;
        }
        ServiceReference<?>[] registered = bundle.getState() == Bundle.UNINSTALLED ? null : bundle.getRegisteredServices();
        for (ServiceReference<?> ref : registered == null ? new ServiceReference<?>[0] : registered) {
            if (ref.getProperty(Constants.OBJECTCLASS) instanceof String[] classes
                    && Arrays.stream(classes).anyMatch(c -> c.equals(Exporter.class.getName()) || c.equals(Importer.class.getName()))) {
                return true;
            }
        }
        return false;
    }

    /** A fragment whose host is an adapter bundle: its classes would run inside the adapter. */
    private boolean isFragmentOfAnAdapter(Bundle bundle) {
        String host = bundle.getHeaders("").get(Constants.FRAGMENT_HOST);
        if (host == null) {
            return false;
        }
        String hostName = host.split(";", 2)[0].trim();
        return Arrays.stream(context.getBundles()).anyMatch(b -> hostName.equals(b.getSymbolicName()) && isAdapter(b));
    }

    private Map<String, Set<Version>> exportedPackages() {
        Map<String, Set<Version>> exported = new HashMap<>();
        for (Bundle bundle : context.getBundles()) {
            BundleWiring wiring = bundle.adapt(BundleWiring.class);
            if (wiring == null) {
                continue;
            }
            for (BundleCapability capability : wiring.getCapabilities(PackageNamespace.PACKAGE_NAMESPACE)) {
                Object name = capability.getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE);
                Object version = capability.getAttributes().get(PackageNamespace.CAPABILITY_VERSION_ATTRIBUTE);
                if (name instanceof String pkg && version instanceof Version v) {
                    exported.computeIfAbsent(pkg, k -> new HashSet<>()).add(v);
                }
            }
        }
        return exported;
    }
}
