package org.hearth.app;

import android.os.Bundle;
import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {

    @Override
    public void onCreate(Bundle savedInstanceState) {
        // The app's own plugins (docs/native.md) are registered before the bridge starts.
        registerPlugin(HearthWifiPlugin.class);
        super.onCreate(savedInstanceState);
    }
}
