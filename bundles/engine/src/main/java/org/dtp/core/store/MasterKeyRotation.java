package org.dtp.core.store;

import org.dtp.core.crypto.MasterKeyring;
import org.dtp.crypto.MasterKeys;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/** Master keys as operators manage them: a rotation adds a key and re-wraps the data keys of unfinished jobs. */
@Component(service = MasterKeys.class)
public final class MasterKeyRotation implements MasterKeys {
    private static final Logger LOG = LoggerFactory.getLogger(MasterKeyRotation.class);

    private final MasterKeyring keyring;
    private final JobStore store;

    @Activate
    public MasterKeyRotation(@Reference MasterKeyring keyring, @Reference JobStore store) {
        this.keyring = keyring;
        this.store = store;
    }

    @Override
    public String currentKeyId() {
        return keyring.currentKeyId();
    }

    @Override
    public List<String> keyIds() {
        return keyring.keyIds();
    }

    @Override
    public String rotate() {
        String id = keyring.rotate();
        int rewrapped = store.rewrapDataKeys();
        LOG.info("re-wrapped the data keys of {} unfinished transfers with master key {}", rewrapped, id);
        return id;
    }
}
