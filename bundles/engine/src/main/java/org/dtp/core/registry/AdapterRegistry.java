package org.dtp.core.registry;

import org.dtp.core.store.RevocationStore;
import org.dtp.models.Vertical;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.Direction;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The exporters and importers registered now, tracked as services come and go. The engine asks it
 * for an adapter before every page and never keeps the service object longer, so a bundle can be
 * updated or removed between pages.
 */
@Component(service = AdapterRegistry.class)
public final class AdapterRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(AdapterRegistry.class);

    private final Map<Long, AdapterService<Exporter<?, ?>>> exporters = new ConcurrentHashMap<>();
    private final Map<Long, AdapterService<Importer<?, ?>>> importers = new ConcurrentHashMap<>();
    private final List<Consumer<String>> arrivalListeners = new CopyOnWriteArrayList<>();

    private final BiPredicate<String, String> revoked;
    private final Predicate<Bundle> mayServe;

    /**
     * Revoked versions (provider, bundle version) are never handed out; services of bundles the trust settings
     * refuse are not taken at all.
     */
    @Activate
    public AdapterRegistry(@Reference RevocationStore revocations, @Reference AdapterBundleGuard guard) {
        this(revocations::isRevoked, guard::mayServe);
    }

    // Private: DS picks a public constructor by its number of parameters, so no other public one may take one.
    private AdapterRegistry(BiPredicate<String, String> revoked, Predicate<Bundle> mayServe) {
        this.revoked = revoked;
        this.mayServe = mayServe;
    }

    /** For use outside OSGi (tests, benchmark): {@code revoked} says which (provider, bundle version) are revoked. */
    public static AdapterRegistry withRevocations(BiPredicate<String, String> revoked) {
        return new AdapterRegistry(revoked, bundle -> true);
    }

    /** For use outside OSGi, with no revocations. */
    public AdapterRegistry() {
        this((provider, version) -> false, bundle -> true);
    }

    @Reference(service = Exporter.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addExporter(ServiceReference<Exporter<?, ?>> ref, Exporter<?, ?> exporter) {
        if (!mayServe.test(ref.getBundle())) {
            return;
        }
        AdapterRegistry.<Exporter<?, ?>>describe(ref, exporter).ifPresent(a -> {
            exporters.put(a.serviceId(), a);
            arrived(a);
        });
    }

    void removeExporter(ServiceReference<Exporter<?, ?>> ref) {
        exporters.remove(serviceId(ref));
    }

    @Reference(service = Importer.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addImporter(ServiceReference<Importer<?, ?>> ref, Importer<?, ?> importer) {
        if (!mayServe.test(ref.getBundle())) {
            return;
        }
        AdapterRegistry.<Importer<?, ?>>describe(ref, importer).ifPresent(a -> {
            importers.put(a.serviceId(), a);
            arrived(a);
        });
    }

    void removeImporter(ServiceReference<Importer<?, ?>> ref) {
        importers.remove(serviceId(ref));
    }

    /** Registers an adapter directly; for running the engine outside OSGi (tests, benchmark). */
    public void register(AdapterService<?> adapter) {
        Object service = adapter.service();
        if (service instanceof Exporter<?, ?> e) {
            exporters.put(adapter.serviceId(), new AdapterService<>(adapter.provider(), adapter.name(),
                    adapter.vertical(), e, adapter.bundleSymbolicName(), adapter.bundleVersion(), adapter.serviceId()));
        }
        if (service instanceof Importer<?, ?> i) {
            importers.put(adapter.serviceId(), new AdapterService<>(adapter.provider(), adapter.name(),
                    adapter.vertical(), i, adapter.bundleSymbolicName(), adapter.bundleVersion(), adapter.serviceId()));
        }
        arrived(adapter);
    }

    /** Removes an adapter registered with {@link #register}. */
    public void unregister(long serviceId) {
        exporters.remove(serviceId);
        importers.remove(serviceId);
    }

    /**
     * Whether the service with this id may still be used: it is registered (it goes away when its
     * bundle stops) and its version is not revoked.
     */
    public boolean isUsable(long serviceId) {
        AdapterService<?> a = exporters.containsKey(serviceId) ? exporters.get(serviceId) : importers.get(serviceId);
        return a != null && !revoked.test(a.provider(), a.bundleVersion());
    }

    /** A revoked version serving this provider and vertical in this direction, if there is one. */
    public Optional<AdapterService<?>> revokedAdapter(String provider, Vertical vertical, boolean export) {
        Collection<? extends AdapterService<?>> all = export ? exporters.values() : importers.values();
        return all.stream()
                .filter(a -> a.provider().equals(provider) && a.vertical() == vertical && revoked.test(a.provider(), a.bundleVersion()))
                .<AdapterService<?>>map(a -> a)
                .findFirst();
    }

    /** Tells arrival listeners that adapters of {@code provider} may be usable again (after an un-revoke). */
    public void announce(String provider) {
        for (Consumer<String> listener : arrivalListeners) {
            listener.accept(provider);
        }
    }

    /** Calls {@code listener} with the provider id whenever an exporter or importer arrives. */
    public void onArrival(Consumer<String> listener) {
        arrivalListeners.add(listener);
    }

    public void removeArrivalListener(Consumer<String> listener) {
        arrivalListeners.remove(listener);
    }

    public Optional<AdapterService<Exporter<?, ?>>> exporter(String provider, Vertical vertical) {
        return newest(exporters.values(), provider, vertical);
    }

    public Optional<AdapterService<Importer<?, ?>>> importer(String provider, Vertical vertical) {
        return newest(importers.values(), provider, vertical);
    }

    /** Whether any adapter of this provider is installed, whatever it supports. */
    public boolean knows(String provider) {
        return exporters.values().stream().anyMatch(a -> a.provider().equals(provider))
                || importers.values().stream().anyMatch(a -> a.provider().equals(provider));
    }

    /** The installed adapters, one per provider and bundle, sorted by provider id. */
    public List<AdapterInfo> adapters() {
        Map<String, Builder> byBundle = new TreeMap<>();
        exporters.values().forEach(a -> byBundle.computeIfAbsent(a.provider() + "\0" + a.version(), k -> new Builder(a))
                .add(a.vertical(), Direction.EXPORT));
        importers.values().forEach(a -> byBundle.computeIfAbsent(a.provider() + "\0" + a.version(), k -> new Builder(a))
                .add(a.vertical(), Direction.IMPORT));
        List<AdapterInfo> out = new ArrayList<>();
        byBundle.values().forEach(b -> out.add(b.build()));
        return out;
    }

    private void arrived(AdapterService<?> adapter) {
        for (Consumer<String> listener : arrivalListeners) {
            try {
                listener.accept(adapter.provider());
            } catch (RuntimeException e) {
                LOG.warn("adapter arrival listener failed for {}", adapter.provider(), e);
            }
        }
    }

    private <T> Optional<AdapterService<T>> newest(Collection<AdapterService<T>> all, String provider,
                                                   Vertical vertical) {
        // Several bundles may serve one provider during an upgrade: the newest registration wins.
        return all.stream()
                .filter(a -> a.provider().equals(provider) && a.vertical() == vertical)
                .filter(a -> !revoked.test(a.provider(), a.bundleVersion()))
                .max(Comparator.comparingLong(AdapterService::serviceId));
    }

    private static <T> Optional<AdapterService<T>> describe(ServiceReference<?> ref, T service) {
        Object provider = ref.getProperty(AdapterProperties.PROVIDER);
        Object vertical = ref.getProperty(AdapterProperties.VERTICAL);
        Bundle bundle = ref.getBundle();
        if (!(provider instanceof String p) || p.isBlank() || !(vertical instanceof String v)) {
            LOG.warn("ignoring adapter service {} of bundle {}: it needs the properties {} and {}",
                    serviceId(ref), bundle == null ? "?" : bundle.getSymbolicName(),
                    AdapterProperties.PROVIDER, AdapterProperties.VERTICAL);
            return Optional.empty();
        }
        Vertical parsed;
        try {
            parsed = Vertical.parse(v);
        } catch (IllegalArgumentException e) {
            LOG.warn("ignoring adapter service {} of provider {}: {}", serviceId(ref), p, e.getMessage());
            return Optional.empty();
        }
        Object name = ref.getProperty(AdapterProperties.PROVIDER_NAME);
        return Optional.of(new AdapterService<>(p, name instanceof String n ? n : p, parsed, service,
                bundle == null ? "unknown" : bundle.getSymbolicName(),
                bundle == null ? "0.0.0" : bundle.getVersion().toString(), serviceId(ref)));
    }

    private static long serviceId(ServiceReference<?> ref) {
        return (Long) ref.getProperty(Constants.SERVICE_ID);
    }

    private static final class Builder {
        private final AdapterService<?> first;
        private final Map<Vertical, Set<Direction>> capabilities = new EnumMap<>(Vertical.class);

        Builder(AdapterService<?> first) {
            this.first = first;
        }

        void add(Vertical vertical, Direction direction) {
            capabilities.computeIfAbsent(vertical, k -> EnumSet.noneOf(Direction.class)).add(direction);
        }

        AdapterInfo build() {
            Map<Vertical, Set<Direction>> copy = new EnumMap<>(Vertical.class);
            capabilities.forEach((k, v) -> copy.put(k, Set.copyOf(v)));
            return new AdapterInfo(first.provider(), first.name(), first.bundleSymbolicName(), first.bundleVersion(), copy);
        }
    }
}
