package org.hearth.app;

import android.Manifest;
import android.content.Context;
import android.net.ConnectivityManager;
import android.net.LinkProperties;
import android.net.Network;
import android.net.NetworkCapabilities;
import android.net.NetworkRequest;
import android.net.RouteInfo;
import android.net.wifi.ScanResult;
import android.net.wifi.WifiInfo;
import android.net.wifi.WifiManager;
import android.net.wifi.WifiNetworkSpecifier;
import android.os.Build;
import android.os.PatternMatcher;
import com.getcapacitor.JSArray;
import com.getcapacitor.JSObject;
import com.getcapacitor.PermissionState;
import com.getcapacitor.Plugin;
import com.getcapacitor.PluginCall;
import com.getcapacitor.PluginMethod;
import com.getcapacitor.annotation.CapacitorPlugin;
import com.getcapacitor.annotation.Permission;
import com.getcapacitor.annotation.PermissionCallback;
import org.json.JSONObject;

/**
 * The app's wifi plugin (contract in docs/native.md "The HearthWifi plugin contract"): scan,
 * the current network, and joining the heater's own network (Heater_xxxx) so that the web
 * view's fetch reaches its API. espTouch and Espressif provisioning are not in this build:
 * capabilities() says so, and their calls answer "not implemented". QR codes are read by the
 * ML Kit barcode plugin, not here.
 */
@CapacitorPlugin(
    name = "HearthWifi",
    permissions = {
        @Permission(
            alias = "location",
            strings = { Manifest.permission.ACCESS_FINE_LOCATION, Manifest.permission.ACCESS_COARSE_LOCATION }
        )
    }
)
public class HearthWifiPlugin extends Plugin {

    /** The heaters' access point address when the network does not say its gateway. */
    private static final String DEFAULT_GATEWAY = "192.168.4.1";

    /** How long the system may take to find and join the heater's network (spec 2: 60 s timeouts). */
    private static final int JOIN_TIMEOUT_MS = 60000;

    private ConnectivityManager.NetworkCallback joined;

    private WifiManager wifi() {
        return (WifiManager) getContext().getApplicationContext().getSystemService(Context.WIFI_SERVICE);
    }

    private ConnectivityManager connectivity() {
        return (ConnectivityManager) getContext().getSystemService(Context.CONNECTIVITY_SERVICE);
    }

    private static String plainSsid(String ssid) {
        if (ssid == null || "<unknown ssid>".equals(ssid)) return null;
        return ssid.replaceAll("^\"|\"$", "");
    }

    @PluginMethod
    public void capabilities(PluginCall call) {
        JSObject ret = new JSObject();
        ret.put("scan", true);
        ret.put("espTouch", false);
        call.resolve(ret);
    }

    @PluginMethod
    public void scan(PluginCall call) {
        if (getPermissionState("location") != PermissionState.GRANTED) {
            requestPermissionForAlias("location", call, "afterLocation");
            return;
        }
        answerScan(call);
    }

    @PluginMethod
    public void current(PluginCall call) {
        if (getPermissionState("location") != PermissionState.GRANTED) {
            requestPermissionForAlias("location", call, "afterLocation");
            return;
        }
        answerCurrent(call);
    }

    @PermissionCallback
    private void afterLocation(PluginCall call) {
        if (getPermissionState("location") != PermissionState.GRANTED) {
            call.reject("Location permission denied.");
        } else if ("scan".equals(call.getMethodName())) {
            answerScan(call);
        } else {
            answerCurrent(call);
        }
    }

    @SuppressWarnings("deprecation")
    private void answerScan(PluginCall call) {
        // startScan is throttled by the system; the latest results are what the phone knows.
        wifi().startScan();
        JSArray networks = new JSArray();
        for (ScanResult result : wifi().getScanResults()) {
            JSObject network = new JSObject();
            network.put("ssid", plainSsid(result.SSID) == null ? "" : plainSsid(result.SSID));
            network.put("rssi", result.level);
            networks.put(network);
        }
        JSObject ret = new JSObject();
        ret.put("networks", networks);
        call.resolve(ret);
    }

    @SuppressWarnings("deprecation")
    private void answerCurrent(PluginCall call) {
        WifiInfo info = wifi().getConnectionInfo();
        String ssid = info == null ? null : plainSsid(info.getSSID());
        JSObject ret = new JSObject();
        ret.put("ssid", ssid == null ? JSONObject.NULL : ssid);
        call.resolve(ret);
    }

    @PluginMethod
    public void joinAccessPoint(PluginCall call) {
        String prefix = call.getString("prefix");
        if (prefix == null || prefix.isEmpty()) {
            call.reject("prefix is required");
            return;
        }
        if (Build.VERSION.SDK_INT < Build.VERSION_CODES.Q) {
            call.reject("Joining the heater's network needs Android 10 or later.");
            return;
        }
        release();
        WifiNetworkSpecifier specifier = new WifiNetworkSpecifier.Builder()
            .setSsidPattern(new PatternMatcher(prefix, PatternMatcher.PATTERN_PREFIX))
            .build();
        NetworkRequest request = new NetworkRequest.Builder()
            .addTransportType(NetworkCapabilities.TRANSPORT_WIFI)
            .removeCapability(NetworkCapabilities.NET_CAPABILITY_INTERNET)
            .setNetworkSpecifier(specifier)
            .build();
        final ConnectivityManager connectivity = connectivity();
        joined = new ConnectivityManager.NetworkCallback() {
            private boolean answered = false;

            @Override
            public void onAvailable(Network network) {
                // The web view's requests go to the heater's network until leaveAccessPoint.
                connectivity.bindProcessToNetwork(network);
                if (answered) return;
                answered = true;
                JSObject ret = new JSObject();
                ret.put("ssid", prefix);
                ret.put("gateway", gatewayOf(connectivity.getLinkProperties(network)));
                call.resolve(ret);
            }

            @Override
            public void onUnavailable() {
                if (answered) return;
                answered = true;
                release();
                call.reject("The heater's network was not joined.");
            }
        };
        // With a timeout the system calls onUnavailable when no heater network shows up in time
        // (or the user declines the system dialog), instead of waiting for ever.
        connectivity.requestNetwork(request, joined, JOIN_TIMEOUT_MS);
    }

    private static String gatewayOf(LinkProperties properties) {
        if (properties == null || Build.VERSION.SDK_INT < Build.VERSION_CODES.Q) return DEFAULT_GATEWAY;
        for (RouteInfo route : properties.getRoutes()) {
            if (route.isDefaultRoute() && route.getGateway() != null) {
                // An IPv6 link-local gateway carries a scope ("%wlan0") that has no place in a URL.
                return route.getGateway().getHostAddress().replaceFirst("%.*$", "");
            }
        }
        return DEFAULT_GATEWAY;
    }

    @PluginMethod
    public void leaveAccessPoint(PluginCall call) {
        release();
        call.resolve();
    }

    private void release() {
        if (joined == null) return;
        ConnectivityManager connectivity = connectivity();
        connectivity.bindProcessToNetwork(null);
        try {
            connectivity.unregisterNetworkCallback(joined);
        } catch (IllegalArgumentException alreadyGone) {
            // The system dropped the request itself: nothing left to release.
        }
        joined = null;
    }

    @Override
    protected void handleOnDestroy() {
        release();
    }
}
