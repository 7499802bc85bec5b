package org.dtp.transfer;

import org.osgi.annotation.versioning.ProviderType;

import java.util.List;

/** The adapter bundles installed on this node, serving or not, for operators (dtp:adapters). Since 1.4. */
@ProviderType
public interface AdapterBundles {
    /** Every adapter bundle, by bundle id. */
    List<AdapterBundle> adapterBundles();
}
